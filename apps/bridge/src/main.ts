#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BridgeAgent } from './agent/agent.js';
import { createSimSource } from './agent/sim-source.js';

const USAGE = `vortex-bridge — agente local do Vórtex para o MetaTrader 5

Uso: vortex-bridge --token <token> [opções]

  --server <url>     endereço do servidor Vórtex (padrão http://localhost:5000)
  --token <token>    token de pareamento gerado no aplicativo web (tela Bridge)
  --state-dir <dir>  onde guardar a sessão e os deals ainda não confirmados (padrão ./bridge-data)
  --adapter sim      o MT5 simulado (padrão); SIM_SEED, SIM_SPEED e SIM_HISTORY_DAYS o ajustam
  --version          mostra a versão
  --help             mostra esta ajuda
`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    process.stderr.write(`${name} deve ser um número positivo (recebido "${raw}")\n`);
    process.exit(2);
  }
  return n;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      server: { type: 'string', default: 'http://localhost:5000' },
      token: { type: 'string' },
      'state-dir': { type: 'string', default: './bridge-data' },
      adapter: { type: 'string', default: 'sim' },
      version: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  process.exit(2);
}

if (values.version) {
  process.stdout.write(`${version()}\n`);
} else if (values.help) {
  process.stdout.write(USAGE);
} else if (values.adapter !== 'sim') {
  process.stderr.write(`Adaptador desconhecido: ${values.adapter}. Disponível: sim.\n`);
  process.exit(2);
} else {
  const stateDir = path.resolve(values['state-dir']);
  process.stdout.write('Preparando o MT5 simulado (histórico inicial)...\n');
  const source = createSimSource({
    seed: process.env.SIM_SEED ?? 'vortex',
    historyDays: positiveNumber('SIM_HISTORY_DAYS', 90),
    speed: positiveNumber('SIM_SPEED', 1),
  });
  const agent = new BridgeAgent({
    serverUrl: values.server,
    pairingToken: values.token,
    stateDir,
    source,
    clientVersion: version(),
  });
  await agent.start();
  const onSignal = () => agent.stop('sinal recebido');
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Started by the server (demo mode) over an IPC channel: leave when the server goes away.
  if (process.send) process.once('disconnect', () => agent.stop('servidor encerrado'));
  const reason = await agent.done;
  process.stdout.write(`Agente encerrado: ${reason}\n`);
  process.exit(0);
}
