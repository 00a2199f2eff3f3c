import { describe, expect, it } from 'vitest';
import { jidOf, phoneKey, phoneOfJid, samePhone, toWhatsAppNumber } from './whatsapp-phone.js';

describe('WhatsApp phones', () => {
  it('adds Brazil’s country code to a bare number and keeps a full one', () => {
    expect(toWhatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(toWhatsAppNumber('+55 11 8765-4321')).toBe('551187654321');
    expect(toWhatsAppNumber('+1 415 555 0100')).toBe('14155550100');
    expect(toWhatsAppNumber('123')).toBeNull();
  });

  it('matches a Brazilian mobile with or without the ninth digit and the country code', () => {
    const forms = ['5511987654321', '+55 (11) 98765-4321', '11 98765-4321', '551187654321'];
    for (const a of forms) for (const b of forms) expect(samePhone(a, b), `${a} ~ ${b}`).toBe(true);
    expect(samePhone('5511987654321', '5521987654321')).toBe(false);
    expect(samePhone('5511987654321', '5511987654320')).toBe(false);
    expect(phoneKey('')).toBeNull();
    expect(samePhone('', '')).toBe(false);
  });

  it('reads the phone of a personal JID, device suffix or not, and nothing else', () => {
    expect(phoneOfJid(jidOf('5511987654321'))).toBe('5511987654321');
    expect(phoneOfJid('5511987654321:12@s.whatsapp.net')).toBe('5511987654321');
    expect(phoneOfJid('120363025@g.us')).toBeNull();
    expect(phoneOfJid('12345@lid')).toBeNull();
    expect(phoneOfJid(undefined)).toBeNull();
  });
});
