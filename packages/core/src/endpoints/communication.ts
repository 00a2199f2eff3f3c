import {
  SendManualResponseSchema,
  SendManualSchema,
  TemplatesResponseSchema,
  TestChannelsResponseSchema,
  TestChannelsSchema,
} from '../communication/communication.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['comunicação'];
const adminOnly = ['admin'] as const;

/** The communication centre's calls (access-and-admin.md §7): admins only. */
export const communicationEndpoints = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/communication/templates',
    access: adminOnly,
    tags,
    summary: 'Templates de mensagem',
    response: TemplatesResponseSchema,
  }),
  sendManual: defineEndpoint({
    method: 'POST',
    path: '/communication/send-manual',
    access: adminOnly,
    tags,
    summary: 'Enviar uma mensagem manual a usuários',
    body: SendManualSchema,
    response: SendManualResponseSchema,
  }),
  testChannels: defineEndpoint({
    method: 'POST',
    path: '/communication/test-channels',
    access: adminOnly,
    tags,
    summary: 'Testar os canais de envio',
    body: TestChannelsSchema,
    response: TestChannelsResponseSchema,
  }),
};
