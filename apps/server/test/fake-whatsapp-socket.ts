import type { AuthenticationState } from '@whiskeysockets/baileys';
import { EventEmitter } from 'node:events';
import type {
  WhatsAppSocket,
  WhatsAppSocketEvents,
  WhatsAppSocketFactory,
} from '../src/modules/whatsapp/whatsapp-socket.js';

/**
 * Stands where Baileys' socket would: the service under test talks to it as to the real one,
 * and the test plays WhatsApp's side (QR, link, messages, drops) through `emit`.
 */
export class FakeWhatsAppSocket implements WhatsAppSocket {
  readonly ev = new EventEmitter();
  readonly sent: { jid: string; text: string }[] = [];
  loggedOut = false;
  ended = false;
  failSends = false;

  constructor(readonly auth: AuthenticationState) {}

  emit<K extends keyof WhatsAppSocketEvents>(event: K, arg: WhatsAppSocketEvents[K]): void {
    this.ev.emit(event, arg);
  }

  sendMessage(jid: string, content: { text: string }): Promise<unknown> {
    if (this.failSends) return Promise.reject(new Error('stream errored out'));
    this.sent.push({ jid, text: content.text });
    return Promise.resolve({});
  }

  logout(): Promise<void> {
    this.loggedOut = true;
    return Promise.resolve();
  }

  end(): void {
    this.ended = true;
  }

  /** What WhatsApp does once the phone scans the QR and the link opens. */
  link(phone: string): void {
    this.emit('creds.update', { me: { id: `${phone}:7@s.whatsapp.net`, name: 'Vórtex' } });
    this.emit('connection.update', { connection: 'open' });
  }

  /** A text from `phone`, as Baileys delivers it. */
  receive(phone: string, text: string): void {
    this.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false },
          message: { conversation: text },
        },
      ],
    });
  }

  /** The connection drops with Baileys' status code (401 logged out, 428 closed, ...). */
  drop(statusCode: number): void {
    const error = Object.assign(new Error('closed'), { output: { statusCode } });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error } });
  }
}

/** A factory that records every socket it opens. */
export function fakeSocketFactory() {
  const sockets: FakeWhatsAppSocket[] = [];
  const factory: WhatsAppSocketFactory = (auth) => {
    const socket = new FakeWhatsAppSocket(auth);
    sockets.push(socket);
    return Promise.resolve(socket);
  };
  /** The i-th socket opened (0 the first); fails the test when there is none. */
  const socket = (i: number): FakeWhatsAppSocket => {
    const s = sockets[i];
    if (!s) throw new Error(`socket ${i} was never opened (${sockets.length} were)`);
    return s;
  };
  return { factory, sockets, socket };
}
