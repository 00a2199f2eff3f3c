import { whatsappLinkMessages, type WhatsAppLinkState } from '@vortex/core';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { tightenTree } from '../../lib/private-files.js';
import { loadAuthKey } from './auth-key.js';
import {
  clearAuthState,
  hasLinkedDevice,
  useEncryptedAuthState,
  type EncryptedAuthState,
} from './encrypted-auth-state.js';
import type { WhatsAppLink } from './whatsapp-link.js';
import { jidOf, phoneOfJid, toWhatsAppNumber } from './whatsapp-phone.js';
import { whatsappMessages, WhatsAppSendError, type WhatsAppState } from './whatsapp-port.js';
import {
  disconnectCode,
  type InboundWhatsAppMessage,
  type WhatsAppSocket,
  type WhatsAppSocketFactory,
} from './whatsapp-socket.js';

// Baileys' DisconnectReason codes the service acts on.
const LOGGED_OUT = 401;
const RESTART_REQUIRED = 515;

export interface WhatsAppServiceDeps {
  dataDir: string;
  factory: WhatsAppSocketFactory;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  /** Reconnect delays after a transient drop: base × 2^attempt, capped. */
  backoff?: { baseMs: number; maxMs: number };
}

const textOf = (m: InboundWhatsAppMessage) =>
  m.message?.conversation ?? m.message?.extendedTextMessage?.text ?? null;

/**
 * WhatsApp through Baileys. A socket is opened only when an admin asks for a QR or when a
 * device linked before is stored (encrypted under DATA_DIR/whatsapp); a transient drop
 * reconnects with backoff, a logout from the phone forgets the device.
 */
export class WhatsAppService implements WhatsAppLink {
  private socket: WhatsAppSocket | undefined;
  private link: WhatsAppLinkState = 'idle';
  private qr: string | null = null;
  private phone: string | null = null;
  private available = true;
  private closed = false;
  /** Bumped whenever a socket is dropped on purpose: its late events are ignored. */
  private generation = 0;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private opening: Promise<void> | undefined;
  private keyP: Promise<Buffer> | undefined;
  /** Deleting the stored state; a new socket waits for it so it never loses its own files. */
  private clearing: Promise<void> = Promise.resolve();
  private readonly handlers = new Set<(phone: string, text: string) => void>();
  private readonly folder: string;

  constructor(private readonly deps: WhatsAppServiceDeps) {
    this.folder = path.join(deps.dataDir, 'whatsapp');
  }

  private key(): Promise<Buffer> {
    this.keyP ??= loadAuthKey(this.deps.dataDir);
    return this.keyP;
  }

  state(): WhatsAppState {
    return {
      available: this.available,
      connected: this.link === 'connected',
      phone: this.link === 'connected' ? this.phone : null,
      qr: this.link === 'waiting_qr' ? this.qr : null,
    };
  }

  linkState(): WhatsAppLinkState {
    return this.link;
  }

  async send(phone: string, text: string): Promise<void> {
    const socket = this.socket;
    if (this.link !== 'connected' || !socket) {
      throw new WhatsAppSendError(whatsappMessages.notConnected);
    }
    const number = toWhatsAppNumber(phone);
    if (!number) throw new WhatsAppSendError(whatsappLinkMessages.invalidPhone);
    try {
      await socket.sendMessage(jidOf(number), { text });
    } catch (err) {
      this.deps.log.warn({ err }, 'whatsapp send failed');
      throw new WhatsAppSendError(whatsappLinkMessages.sendFailed);
    }
  }

  onInbound(handler: (phone: string, text: string) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async start(): Promise<void> {
    // Never linked here: no key file is made until an admin first asks for a QR.
    if (!(await stat(this.folder).catch(() => null))) return;
    // A state an older version kept in a folder others could list is made private.
    await tightenTree(this.folder).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'whatsapp auth state not made private');
    });
    if (await hasLinkedDevice(this.folder, await this.key())) await this.connect();
  }

  async connect(): Promise<void> {
    if (this.closed || !this.available || this.socket) return;
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  async disconnect(): Promise<void> {
    await this.opening?.catch(() => undefined);
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    const wasConnected = this.link === 'connected';
    this.socket = undefined;
    this.setIdle();
    if (socket) {
      // Logging out unlinks the device on the phone too; a socket still pairing has no device.
      if (wasConnected) {
        await socket.logout().catch((err: unknown) => {
          this.deps.log.warn({ err }, 'whatsapp logout failed');
        });
      }
      socket.end(undefined);
    }
    await this.clearState();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.opening?.catch(() => undefined);
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.socket?.end(undefined);
    this.socket = undefined;
    this.link = 'idle';
  }

  private clearState(): Promise<void> {
    this.clearing = this.clearing
      .then(() => clearAuthState(this.folder))
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'whatsapp auth state not deleted');
      });
    return this.clearing;
  }

  private setIdle(): void {
    this.link = 'idle';
    this.qr = null;
    this.phone = null;
  }

  private async open(): Promise<void> {
    const generation = ++this.generation;
    this.link = 'connecting';
    this.qr = null;
    let auth: EncryptedAuthState;
    let socket: WhatsAppSocket;
    try {
      await this.clearing;
      auth = await useEncryptedAuthState(this.folder, await this.key());
      socket = await this.deps.factory(auth.state);
    } catch (err) {
      // Baileys missing or broken: the tab says the service is unavailable.
      this.deps.log.warn({ err }, 'whatsapp socket could not be opened');
      this.available = false;
      this.setIdle();
      return;
    }
    if (generation !== this.generation || this.closed) {
      socket.end(undefined);
      return;
    }
    this.socket = socket;
    const current = () => generation === this.generation;
    socket.ev.on('creds.update', (update) => {
      if (!current()) return;
      Object.assign(auth.state.creds, update);
      auth.saveCreds().catch((err: unknown) => {
        this.deps.log.warn({ err }, 'whatsapp credentials not saved');
      });
    });
    socket.ev.on('connection.update', (update) => {
      if (!current()) return;
      if (update.qr) {
        this.qr = update.qr;
        this.link = 'waiting_qr';
      }
      if (update.connection === 'open') {
        this.attempt = 0;
        this.qr = null;
        this.link = 'connected';
        this.phone = phoneOfJid(auth.state.creds.me?.id);
        this.deps.log.info({ phone: this.phone }, 'whatsapp connected');
      } else if (update.connection === 'close') {
        this.onClose(disconnectCode(update.lastDisconnect?.error), Boolean(auth.state.creds.me));
      }
    });
    socket.ev.on('messages.upsert', ({ messages, type }) => {
      if (!current() || type !== 'notify') return;
      for (const m of messages) this.deliver(m);
    });
  }

  private onClose(code: number | undefined, linked: boolean): void {
    this.generation += 1;
    this.socket?.end(undefined);
    this.socket = undefined;
    if (code === LOGGED_OUT) {
      this.deps.log.info({}, 'whatsapp logged out from the phone: auth state deleted');
      this.setIdle();
      void this.clearState();
      return;
    }
    if (code === RESTART_REQUIRED) {
      // Baileys asks for a fresh socket right after a QR is scanned.
      this.link = 'connecting';
      void this.connect();
      return;
    }
    if (!linked) {
      // A pairing the admin left (its QRs expired): the next QR request starts afresh.
      this.setIdle();
      void this.clearState();
      return;
    }
    const { baseMs, maxMs } = this.deps.backoff ?? { baseMs: 2_000, maxMs: 60_000 };
    const delay = Math.min(maxMs, baseMs * 2 ** this.attempt);
    this.attempt += 1;
    this.link = 'connecting';
    this.deps.log.warn({ code, delay }, 'whatsapp disconnected: reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private deliver(m: InboundWhatsAppMessage): void {
    if (m.key.fromMe) return;
    const text = textOf(m);
    const phone = phoneOfJid(m.key.remoteJid) ?? phoneOfJid(m.key.remoteJidAlt);
    if (!text || !phone) return;
    for (const handler of this.handlers) {
      try {
        handler(phone, text);
      } catch (err) {
        this.deps.log.warn({ err }, 'whatsapp inbound handler failed');
      }
    }
  }
}
