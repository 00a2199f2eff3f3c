import { describe, expect, it } from 'vitest';
import { ConnectionLog } from './connection-log.js';

const URL = 'http://vortex.test:5000';

function logged() {
  let now = 0;
  const lines: string[] = [];
  const log = new ConnectionLog(
    URL,
    (m) => lines.push(m),
    () => now,
  );
  return { log, lines, advance: (ms: number) => (now += ms) };
}

describe('the connection log', () => {
  it('tells each change of state once, whatever the number of attempts', () => {
    const { log, lines, advance } = logged();
    log.attempting();
    log.connected(123, 0);
    log.closed('código 1006: conexão interrompida', true);
    for (let i = 0; i < 5; i++) {
      log.attempting();
      advance(1_500);
      log.closed('conexão recusada', false);
    }
    log.attempting();
    log.connected(123, 42);
    expect(lines).toEqual([
      'Conectado: conta 123; o servidor tem até o deal 0.',
      'Conexão com o servidor perdida (código 1006: conexão interrompida); tentando reconectar.',
      `Servidor indisponível em ${URL} (conexão recusada); tentando de novo a cada até 15 s.`,
      'Reconectado após 6 tentativas em 7,5 s: conta 123; o servidor tem até o deal 42.',
    ]);
  });

  it('an agent that starts while the server is away says so once, then how long it took', () => {
    const { log, lines, advance } = logged();
    log.attempting();
    log.closed('o servidor respondeu HTTP 503', false);
    advance(2_000);
    log.attempting();
    log.closed('conexão recusada', false);
    log.attempting();
    log.connected(9, 1);
    expect(lines).toEqual([
      `Servidor indisponível em ${URL} (o servidor respondeu HTTP 503); tentando de novo a cada até 15 s.`,
      'Conectado após 3 tentativas em 2 s: conta 9; o servidor tem até o deal 1.',
    ]);
  });

  it('says nothing of a close the agent made itself to pair again', () => {
    const { log, lines } = logged();
    log.attempting();
    log.closed('código 4401', false, true);
    log.attempting();
    log.connected(9, 0);
    expect(lines).toEqual(['Conectado: conta 9; o servidor tem até o deal 0.']);
  });
});
