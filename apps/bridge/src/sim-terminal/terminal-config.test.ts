import { describe, expect, it } from 'vitest';
import { parseTerminalArgs } from './terminal-config.js';

describe('sim terminal options', () => {
  it('takes SIM_SEED, SIM_SPEED and SIM_HISTORY_DAYS as defaults, which flags override', () => {
    const env = { SIM_SEED: 'do-ambiente', SIM_SPEED: '60', SIM_HISTORY_DAYS: '5' };
    expect(parseTerminalArgs(['--ea-port', '5555'], env)).toEqual({
      help: false,
      config: {
        eaPort: 5555,
        seed: 'do-ambiente',
        speed: 60,
        historyDays: 5,
        beatMs: 5_000,
        dealsFile: undefined,
        start: undefined,
        active: false,
      },
    });
    const flags = ['--ea-port', '6000', '--seed', 's', '--speed', '2.5', '--history-days', '3'];
    const more = ['--beat-ms', '250', '--deals-file', '/tmp/deals.json'];
    expect(parseTerminalArgs([...flags, ...more], env)).toMatchObject({
      config: { seed: 's', speed: 2.5, historyDays: 3, beatMs: 250, dealsFile: '/tmp/deals.json' },
    });
    expect(parseTerminalArgs(['--ea-port', '1'], {})).toMatchObject({
      config: { seed: 'vortex', speed: 1, historyDays: 90 },
    });
  });

  it('starts the simulated clock at a given instant, and trades actively when asked', () => {
    expect(
      parseTerminalArgs(['--ea-port', '1', '--start', '2026-11-17T10:00:00-03:00', '--active'], {}),
    ).toMatchObject({ config: { start: Date.parse('2026-11-17T13:00:00Z'), active: true } });
    expect(() => parseTerminalArgs(['--ea-port', '1', '--start', 'terça'], {})).toThrow(
      '--start deve ser uma data e hora ISO 8601',
    );
  });

  it('lists every bad option in one pt-BR error', () => {
    const bad = () =>
      parseTerminalArgs(['--speed', 'rápido', '--history-days', '1.5', '--beat-ms', '10'], {
        SIM_SEED: ' ',
      });
    expect(bad).toThrow(
      [
        'Opções inválidas:',
        '  - --ea-port é obrigatória',
        '  - --seed (SIM_SEED) não pode ficar vazia',
        '  - --speed (SIM_SPEED) deve ser um número',
        '  - --history-days (SIM_HISTORY_DAYS) deve ser um número inteiro de pregões',
        '  - --beat-ms deve ser pelo menos 100',
      ].join('\n'),
    );
    expect(() => parseTerminalArgs(['--ea-port', '70000'], {})).toThrow(
      '--ea-port deve ser uma porta entre 1 e 65535',
    );
    expect(() => parseTerminalArgs(['--porta', '1'], {})).toThrow(/Opções inválidas/);
  });

  it('asks for nothing else when help is asked for', () => {
    expect(parseTerminalArgs(['--help'], {})).toEqual({ help: true });
  });

  it("reads the account's SIM_* variables, and lists a bad one among the other problems", () => {
    const env = { SIM_MARGIN_MODE: 'hedging', SIM_CURRENCY: 'USD', SIM_BALANCE_OPS: '2:500' };
    expect(parseTerminalArgs(['--ea-port', '5555', '--history-days', '5'], env)).toMatchObject({
      config: {
        account: { marginMode: 'hedging', currency: 'USD', operations: [{ day: 2, amount: 500 }] },
      },
    });
    expect(() =>
      parseTerminalArgs(['--ea-port', '5555', '--history-days', '5'], { SIM_BALANCE_OPS: '9:1' }),
    ).toThrow(/Opções inválidas:\n {2}- SIM_BALANCE_OPS/);
  });
});
