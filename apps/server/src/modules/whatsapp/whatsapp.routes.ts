import { endpoints, whatsappLinkMessages as msg } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import type { WhatsAppLink } from './whatsapp-link.js';
import { QrImages } from './qr-image.js';
import { disconnectWhatsApp } from './whatsapp-admin.service.js';

const api = endpoints.whatsapp;

/** access-and-admin.md §7: the WhatsApp tab's status, QR and disconnect. */
export const whatsappRoutes =
  (deps: { pool: pg.Pool; whatsapp: WhatsAppLink }): FastifyPluginAsync =>
  async (app) => {
    const { whatsapp } = deps;
    const images = new QrImages();

    route(app, api.status, () => {
      const s = whatsapp.state();
      return {
        success: true as const,
        baileys_available: s.available,
        data: { connected: s.connected, state: whatsapp.linkState(), phone: s.phone },
      };
    });

    route(app, api.qr, async () => {
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
    });

    route(app, api.disconnect, async (req) => {
      await disconnectWhatsApp(deps, { userId: authOf(req).user.id, ip: req.ip });
      return { success: true as const, message: msg.disconnected };
    });
  };
