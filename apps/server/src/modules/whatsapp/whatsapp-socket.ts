import type { AuthenticationCreds, AuthenticationState } from '@whiskeysockets/baileys';

/** The part of a Baileys message the service reads. */
export interface InboundWhatsAppMessage {
  key: {
    remoteJid?: string | null;
    /** The phone JID when remoteJid is a LID ('…@lid'), as Baileys 7 reports it. */
    remoteJidAlt?: string | null;
    fromMe?: boolean | null;
  };
  message?: {
    conversation?: string | null;
    extendedTextMessage?: { text?: string | null } | null;
  } | null;
}

export interface WhatsAppSocketEvents {
  'connection.update': {
    connection?: 'connecting' | 'open' | 'close';
    qr?: string;
    lastDisconnect?: { error: Error | undefined };
  };
  'creds.update': Partial<AuthenticationCreds>;
  'messages.upsert': { messages: InboundWhatsAppMessage[]; type: string };
}

/**
 * The seam between the service and Baileys: the few members of its socket the service uses.
 * Tests put a fake here; nothing past it is faked.
 */
export interface WhatsAppSocket {
  ev: {
    on<K extends keyof WhatsAppSocketEvents>(
      event: K,
      listener: (arg: WhatsAppSocketEvents[K]) => void,
    ): void;
  };
  sendMessage(jid: string, content: { text: string }): Promise<unknown>;
  logout(): Promise<void>;
  end(error: Error | undefined): void;
}

export type WhatsAppSocketFactory = (auth: AuthenticationState) => Promise<WhatsAppSocket>;

export interface SocketLogger {
  level: string;
  child(bindings: Record<string, unknown>): SocketLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Opens a real Baileys socket: the only place that dials WhatsApp's servers. */
export const baileysSocketFactory =
  (logger: SocketLogger): WhatsAppSocketFactory =>
  async (auth) => {
    const { makeWASocket, Browsers } = await import('@whiskeysockets/baileys');
    const socket = makeWASocket({
      auth,
      logger,
      browser: Browsers.ubuntu('Vórtex'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldSyncHistoryMessage: () => false,
    });
    return socket;
  };

/** The status code of a Baileys disconnect (a Boom error), if any. */
export const disconnectCode = (error: Error | undefined): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
