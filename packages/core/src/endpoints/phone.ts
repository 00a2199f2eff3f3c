import {
  PhoneConfirmationSendRequestSchema,
  PhoneConfirmationSendResponseSchema,
  PhoneConfirmationStateResponseSchema,
  PhoneConfirmationVerifyRequestSchema,
  PhoneConfirmationVerifyResponseSchema,
} from '../phone/phone-confirmation.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['phone'];
const errors = [400, 401, 403, 409, 429];

/**
 * The caller proves they own the phone on their account by typing a code sent to it. Every
 * signed-in user does: a viewer may ask their bot's status by WhatsApp.
 */
export const phoneEndpoints = {
  confirmation: defineEndpoint({
    method: 'GET',
    path: '/api/phone/confirmation',
    access: 'authenticated',
    tags,
    summary: 'Se o telefone da conta está confirmado',
    response: PhoneConfirmationStateResponseSchema,
    errors,
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/api/phone/confirmation',
    access: 'authenticated',
    tags,
    summary: 'Envia um código de 6 dígitos ao telefone da conta (WhatsApp ou SMS)',
    body: PhoneConfirmationSendRequestSchema,
    response: PhoneConfirmationSendResponseSchema,
    errors,
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/api/phone/confirmation/verify',
    access: 'authenticated',
    tags,
    summary: 'Confirma o telefone da conta com o código recebido',
    body: PhoneConfirmationVerifyRequestSchema,
    response: PhoneConfirmationVerifyResponseSchema,
    errors,
  }),
};
