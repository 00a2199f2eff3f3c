import { z } from 'zod';
import {
  BridgeEventSchema,
  LiveQuerySchema,
  LiveTicketSchema,
  LiveWsControlSchema,
} from '../bridge/index.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['eventos'];

/**
 * The live events channel: a single-use ticket asked with the bearer token, then the
 * WebSocket (or, for the spec's clients, server-sent events) opened with it.
 */
export const liveEndpoints = {
  ticket: defineEndpoint({
    method: 'POST',
    status: 201,
    path: '/api/bridge/events/ticket',
    access: 'authenticated',
    tags,
    summary: 'Ticket de uso único para abrir o canal de eventos ao vivo',
    response: LiveTicketSchema,
    errors: [401, 429],
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/bridge/events',
    // The ticket in the query is the credential: single use and valid for 30 s.
    access: 'public',
    tags,
    summary: 'Eventos ao vivo (server-sent events)',
    query: LiveQuerySchema,
    response: z.string(),
    produces: 'text/event-stream',
    errors: [400, 401, 429],
  }),
  /** The first message carries the ticket (LiveWsAuthSchema); events and control frames follow. */
  ws: defineEndpoint({
    method: 'GET',
    path: '/api/bridge/ws',
    access: 'public',
    tags,
    summary: 'Eventos ao vivo (WebSocket)',
    response: z.union([LiveWsControlSchema, BridgeEventSchema]),
    produces: 'websocket',
  }),
};
