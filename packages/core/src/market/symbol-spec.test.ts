import { describe, expect, it } from 'vitest';
import { AgentHelloSchema } from '../bridge/agent-protocol.schema.js';
import { symbolSpecOf, winSpec } from '../sim-market/instrument.js';
import { MAX_SYMBOL_SPECS, SymbolSpecSchema, type SymbolSpec } from './symbol-spec.schema.js';
import { resolveInstrument, symbolSpecMessages } from './symbol-spec.js';

// As a B3 broker's terminal states the mini-dollar: half a point is R$ 5.
const wdo: SymbolSpec = {
  symbol: 'WDOF26',
  tick_size: 0.5,
  tick_value: 5,
  contract_size: 1,
  volume_min: 1,
  volume_step: 1,
  currency_profit: 'BRL',
  digits: 1,
};

const hello = {
  type: 'hello',
  account_number: 1234,
  server: 'Corretora-PRD',
  currency: 'BRL',
  margin_mode: 'netting',
  trade_mode: 'demo',
  client_version: '0.1.0',
};

describe('the hello with symbol specifications', () => {
  it('is accepted without them, as an older agent sends it', () => {
    const parsed = AgentHelloSchema.parse(hello);
    expect(parsed.symbol_specs).toBeUndefined();
  });

  it('carries each symbol with its tick, contract and volumes', () => {
    const parsed = AgentHelloSchema.parse({ ...hello, symbol_specs: [wdo] });
    expect(parsed.symbol_specs).toEqual([wdo]);
  });

  it('refuses a tick of 0 (a symbol not synchronised), odd digits and unknown fields', () => {
    for (const bad of [
      { ...wdo, tick_size: 0 },
      { ...wdo, tick_value: -5 },
      { ...wdo, tick_value: Number.NaN },
      { ...wdo, volume_step: 0 },
      { ...wdo, contract_size: 1e13 },
      { ...wdo, digits: 1.5 },
      { ...wdo, digits: 11 },
      { ...wdo, currency_profit: '' },
      { ...wdo, symbol: '' },
      { ...wdo, margin: 100 },
    ]) {
      expect(SymbolSpecSchema.safeParse(bad).success).toBe(false);
      expect(AgentHelloSchema.safeParse({ ...hello, symbol_specs: [bad] }).success).toBe(false);
    }
  });

  it('caps the list', () => {
    const many = Array.from({ length: MAX_SYMBOL_SPECS + 1 }, (_, i) => ({
      ...wdo,
      symbol: `S${i}`,
    }));
    expect(AgentHelloSchema.safeParse({ ...hello, symbol_specs: many }).success).toBe(false);
    expect(
      AgentHelloSchema.safeParse({ ...hello, symbol_specs: many.slice(0, MAX_SYMBOL_SPECS) })
        .success,
    ).toBe(true);
  });
});

describe('resolveInstrument', () => {
  it("takes the terminal's tick and money per point (tick value / tick size)", () => {
    const stock = { ...wdo, symbol: 'PETR4', tick_size: 0.01, tick_value: 1, contract_size: 100 };
    expect(resolveInstrument('PETR4', stock)).toEqual({
      ok: true,
      instrument: {
        symbol: 'PETR4',
        tick: 0.01,
        pointValue: 100,
        commissionPerContract: 0,
        source: 'terminal',
      },
    });
    const stated = resolveInstrument('WDOF26', wdo);
    expect(stated.ok && stated.instrument).toMatchObject({ tick: 0.5, pointValue: 10 });
  });

  it("knows B3's WIN and WDO without a specification, whatever the series", () => {
    for (const symbol of ['WINZ25', 'WIN$', 'WINFUT']) {
      const r = resolveInstrument(symbol);
      expect(r.ok && r.instrument).toEqual({
        symbol,
        tick: 5,
        pointValue: 0.2,
        commissionPerContract: 0.25,
        source: 'b3',
      });
    }
    const r = resolveInstrument('WDOF26', null);
    expect(r.ok && r.instrument).toMatchObject({ tick: 0.5, pointValue: 10, source: 'b3' });
  });

  it('refuses any other symbol without a specification, in pt-BR, rather than use WIN', () => {
    expect(resolveInstrument('PETR4')).toEqual({
      ok: false,
      error: symbolSpecMessages.unknown('PETR4'),
    });
    expect(symbolSpecMessages.unknown('PETR4')).toBe(
      'Sem a especificação de PETR4 (tamanho do tick e valor do ponto): conecte o bridge ao MT5 que negocia esse ativo para que ele a informe, ou use WIN ou WDO.',
    );
  });

  it("reads the simulator's WIN as a terminal states it: R$ 1 a tick of 5 points", () => {
    const spec = symbolSpecOf(winSpec({ symbol: 'WINZ25' }), 'BRL');
    expect(SymbolSpecSchema.parse(spec)).toEqual({
      symbol: 'WINZ25',
      tick_size: 5,
      tick_value: 1,
      contract_size: 1,
      volume_min: 1,
      volume_step: 1,
      currency_profit: 'BRL',
      digits: 0,
    });
    const r = resolveInstrument('WINZ25', spec);
    expect(r.ok && r.instrument).toMatchObject({ tick: 5, pointValue: 0.2 });
  });
});
