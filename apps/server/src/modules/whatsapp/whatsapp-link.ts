import type { WhatsAppLinkState } from '@vortex/core';
import { offlineWhatsApp, type WhatsAppPort } from './whatsapp-port.js';

/** What the admin's WhatsApp tab drives: the link's lifecycle on top of the port. */
export interface WhatsAppLink extends WhatsAppPort {
  /** Where the link stands (the port's state() is the summary the rest of the server reads). */
  linkState(): WhatsAppLinkState;
  /** Opens the socket if none is open: a QR follows unless a device is already linked. */
  connect(): Promise<void>;
  /** Unlinks the device (logout), closes the socket and deletes the stored auth state. */
  disconnect(): Promise<void>;
  /** At start-up: reconnects a device linked before, and dials nothing otherwise. */
  start(): Promise<void>;
  /** Closes the socket without unlinking: the next start reconnects. */
  close(): Promise<void>;
}

const isLink = (port: WhatsAppPort): port is WhatsAppLink =>
  'connect' in port && 'disconnect' in port && 'linkState' in port;

/**
 * The link behind a port. A bare port (the offline stand-in, or a test's fake session) has no
 * lifecycle of its own: connecting and disconnecting it does nothing.
 */
export function asWhatsAppLink(port: WhatsAppPort = offlineWhatsApp): WhatsAppLink {
  if (isLink(port)) return port;
  return {
    state: () => port.state(),
    send: (phone, text) => port.send(phone, text),
    onInbound: (handler) => port.onInbound(handler),
    linkState: () => {
      const s = port.state();
      return s.connected ? 'connected' : s.qr ? 'waiting_qr' : 'idle';
    },
    connect: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
