import {
  WhatsAppDisconnectRequestSchema,
  WhatsAppDisconnectResponseSchema,
  WhatsAppQrResponseSchema,
  WhatsAppStatusResponseSchema,
} from '../communication/whatsapp.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['whatsapp'];
// Linking the platform's WhatsApp is the communication centre's: admins only (spec §6).
const adminOnly = ['admin'] as const;

/** access-and-admin.md §7: the WhatsApp tab's status, QR and disconnect. */
export const whatsappEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/alerts/whatsapp/status',
    access: adminOnly,
    tags,
    summary: 'Estado do serviço de WhatsApp',
    response: WhatsAppStatusResponseSchema,
  }),
  qr: defineEndpoint({
    method: 'GET',
    path: '/alerts/whatsapp/qr',
    access: adminOnly,
    tags,
    summary: 'QR Code para vincular o WhatsApp (abre a conexão se preciso)',
    response: WhatsAppQrResponseSchema,
  }),
  disconnect: defineEndpoint({
    method: 'POST',
    path: '/alerts/whatsapp/disconnect',
    access: adminOnly,
    tags,
    summary: 'Desvincula o WhatsApp e apaga a sessão guardada',
    body: WhatsAppDisconnectRequestSchema,
    response: WhatsAppDisconnectResponseSchema,
  }),
};
