import {
  Mt5AccountInfoSchema,
  Mt5CommandResponseSchema,
  Mt5ConnectSchema,
  Mt5StatusSchema,
  TestBridgeResponseSchema,
  TestBridgeSchema,
} from '../bridge/index.js';
import { defineEndpoint } from './define-endpoint.js';

// Sending orders or credentials to a terminal is bot control: not for viewers.
const controllers = ['admin', 'user', 'trader'] as const;
// 409: no agent of the caller is connected to carry the command.
const commandErrors = [400, 401, 403, 409] as const;

/**
 * The /mt5 screen's calls and the caller's own MT5 state. The browser never talks to the
 * terminal: the server reaches the trader's own agent over its WebSocket.
 */
export const mt5Endpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/mt5/status',
    aliases: ['/mt5/status'],
    access: 'authenticated',
    tags: ['bridge'],
    summary: 'Estado da conexão MT5',
    response: Mt5StatusSchema,
    errors: [401, 403],
  }),
  accountInfo: defineEndpoint({
    method: 'GET',
    path: '/mt5/account_info',
    access: 'authenticated',
    tags: ['bridge'],
    summary: 'Dados da conta MT5',
    response: Mt5AccountInfoSchema,
    errors: [401, 403],
  }),
  /** `bridge_url` is accepted for the spec's form and unused. */
  testBridge: defineEndpoint({
    method: 'POST',
    path: '/api/mt5/test-bridge',
    access: controllers,
    tags: ['mt5'],
    summary: 'Testa a bridge do usuário',
    body: TestBridgeSchema,
    response: TestBridgeResponseSchema,
    errors: commandErrors,
  }),
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/mt5/connect',
    access: controllers,
    tags: ['mt5'],
    summary: 'Faz login no MT5 pela bridge',
    body: Mt5ConnectSchema,
    response: Mt5CommandResponseSchema,
    errors: commandErrors,
  }),
  disconnect: defineEndpoint({
    method: 'POST',
    path: '/api/mt5/disconnect',
    access: controllers,
    tags: ['mt5'],
    summary: 'Desconecta o MT5 pela bridge',
    response: Mt5CommandResponseSchema,
    errors: commandErrors,
  }),
};
