import { describe, expect, it } from 'vitest';
import { renderAlert, tradeCloseAlert, tradeOpenAlert } from './alert-text.js';
import {
  AlertsConfigSchema,
  defaultAlertsConfig,
  readStoredAlertsConfig,
} from './config.schema.js';

const deal = {
  ticket: 2,
  order: 2,
  position_id: 1001,
  symbol: 'WINZ25',
  type: 1,
  entry: 1,
  volume: 1,
  price: 125_100,
  profit: -40,
  commission: -0.25,
  swap: 0,
  magic: 135000,
  reason: 3,
  comment: '',
  time: 1_763_730_000,
  time_msc: 1_763_730_000_000,
};
const brl = (text: string) => text.replace(/R\$ /g, 'R$\u00a0');

describe('alert texts', () => {
  it('a close names the position, the price and the net result, its sign in the title only', () => {
    const alert = tradeCloseAlert(deal);
    expect(alert.title).toBe(brl('Trade fechado: WINZ25 -R$ 40,25'));
    expect(alert.message).toBe(
      brl('Posição #1001 de WINZ25 fechada com 1 contrato a 125.100,00: prejuízo de R$ 40,25.'),
    );
  });

  it('a close counts the fee and speaks the account currency (issue 26)', () => {
    const alert = tradeCloseAlert({ ...deal, symbol: 'XAUUSD', fee: -0.75 }, 'USD');
    expect(alert.title).toBe('Trade fechado: XAUUSD -US$\u00a041,00');
    expect(alert.message).toContain('prejuízo de US$\u00a041,00.');
  });

  it('an open says buy or sell', () => {
    expect(tradeOpenAlert({ ...deal, type: 0, entry: 0 }).title).toBe(
      'Trade aberto: Compra WINZ25',
    );
  });

  it('each channel gets its form: email a subject, SMS at most 160 characters', () => {
    const long = { title: 'T', message: 'x'.repeat(400) };
    expect(renderAlert(long, 'email').subject).toBe('[Vórtex] T');
    expect(renderAlert(long, 'sms').body.length).toBe(160);
    expect(renderAlert(long, 'whatsapp').body.startsWith('*Vórtex: T*')).toBe(true);
  });
});

describe('alerts config', () => {
  it('defaults pass the schema and a broken stored row reads as the defaults', () => {
    expect(AlertsConfigSchema.safeParse(defaultAlertsConfig()).success).toBe(true);
    expect(readStoredAlertsConfig({ channels: 'x' })).toEqual(defaultAlertsConfig());
  });
});
