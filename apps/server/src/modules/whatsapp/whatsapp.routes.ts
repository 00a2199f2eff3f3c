import {
  ApiErrorSchema,
  WhatsAppDisconnectRequestSchema,
  WhatsAppDisconnectResponseSchema,
  whatsappLinkMessages as msg,
  WhatsAppQrResponseSchema,
  WhatsAppStatusResponseSchema,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import type { WhatsAppLink } from './whatsapp-link.js';
import { QrImages } from './qr-image.js';
import { disconnectWhatsApp } from './whatsapp-admin.service.js';

const tags = ['whatsapp'];
// Linking the platform's WhatsApp is the communication centre's: admins only (spec §6).
const adminOnly = { access: ['admin'] as const };
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** access-and-admin.md §7: the WhatsApp tab's status, QR and disconnect. */
export const whatsappRoutes =
  (deps: { pool: pg.Pool; whatsapp: WhatsAppLink }): FastifyPluginAsyncZod =>
  async (app) => {
    const { whatsapp } = deps;
    const images = new QrImages();

    app.get(
      '/alerts/whatsapp/status',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Estado do serviço de WhatsApp',
          response: { 200: WhatsAppStatusResponseSchema, ...errors },
        },
      },
      () => {
        const s = whatsapp.state();
        return {
          success: true as const,
          baileys_available: s.available,
          data: { connected: s.connected, state: whatsapp.linkState(), phone: s.phone },
        };
      },
    );

    app.get(
      '/alerts/whatsapp/qr',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'QR Code para vincular o WhatsApp (abre a conexão se preciso)',
          response: { 200: WhatsAppQrResponseSchema, ...errors },
        },
      },
      async () => {
        // Asking for a QR is what opens a socket when no device is linked yet.
        await whatsapp.connect();
        const s = whatsapp.state();
        const data = (qr: string | null, message: string) => ({
          success: true as const,
          data: { qr, connected: s.connected, message },
        });
        if (!s.available) return data(null, msg.unavailable);
        if (s.connected) return data(null, msg.connected);
        if (!s.qr) return data(null, msg.waitingQr);
        return data(await images.of(s.qr), msg.scanQr);
      },
    );

    app.post(
      '/alerts/whatsapp/disconnect',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Desvincula o WhatsApp e apaga a sessão guardada',
          body: WhatsAppDisconnectRequestSchema,
          response: { 200: WhatsAppDisconnectResponseSchema, ...errors },
        },
      },
      async (req) => {
        await disconnectWhatsApp(deps, { userId: authOf(req).user.id, ip: req.ip });
        return { success: true as const, message: msg.disconnected };
      },
    );
  };
