/**
 * What the rest of the server needs from WhatsApp: its state, sending a text, and hearing the
 * texts traders send us. The Baileys-backed service implements it; `offlineWhatsApp` stands in
 * where no WhatsApp session runs, and says so.
 */
export interface WhatsAppState {
  /** Whether the local messaging service (Baileys) is there to link a device. */
  available: boolean;
  connected: boolean;
  /** The linked phone, digits with country code, once connected. */
  phone: string | null;
  /** The pairing QR's text while waiting for a scan, else null. */
  qr: string | null;
}

export class WhatsAppSendError extends Error {}

export interface WhatsAppPort {
  state(): WhatsAppState;
  /** Sends a text to a phone (digits with country code); throws WhatsAppSendError in pt-BR. */
  send(phone: string, text: string): Promise<void>;
  /** Calls `handler` for each text received (sender's phone, digits); returns the unsubscribe. */
  onInbound(handler: (phone: string, text: string) => void): () => void;
}

export const whatsappMessages = {
  notConnected: 'WhatsApp não conectado: conecte-o na Central de Comunicação.',
} as const;

/** No WhatsApp session runs here: nothing is connected and every send fails saying so. */
export const offlineWhatsApp: WhatsAppPort = {
  state: () => ({ available: false, connected: false, phone: null, qr: null }),
  send: () => Promise.reject(new WhatsAppSendError(whatsappMessages.notConnected)),
  onInbound: () => () => undefined,
};
