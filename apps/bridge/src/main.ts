#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BridgeAgent } from './agent/agent.js';
import { connectionMessages } from './agent/connection-messages.js';
import {
  EXIT_CRASHED,
  EXIT_PROTOCOL,
  EXIT_REFUSED,
  EXIT_STOPPED,
  EXIT_USAGE,
  exitCodeOf,
} from './agent/exit-codes.js';
import type { Mt5Source } from './agent/mt5-source.js';
import { createSimSource } from './agent/sim-source.js';
import { readInstallerConfig } from './cli/installer-config.js';
import { joinOptionValues } from './cli/option-values.js';
import { parseSimAccount } from './cli/sim-account.js';
import { EaAdapter } from './ea/ea-adapter.js';
import type { SimAccountProfile } from './sim/index.js';

declare const __VORTEX_BRIDGE_VERSION__: string | undefined;

// Only what nothing handles ends the agent this way, so the start scripts restart it; a server
// outage is handled (the agent reconnects) and never gets here.
const crash = (err: unknown) => {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`${connectionMessages.crashed(text)}\n`);
  process.exit(EXIT_CRASHED);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

const USAGE = `vortex-bridge — agente local do Vórtex para o MetaTrader 5

Uso: VORTEX_BRIDGE_TOKEN=<token> vortex-bridge [opções]
     vortex-bridge --token <token> [opções]
     vortex-bridge --config config.json      (instalador: pareia sozinho com a chave do dispositivo)

  --server <url>     endereço do servidor Vórtex (padrão http://localhost:5000)
  --token <token>    token de pareamento gerado no aplicativo web (tela Bridge); prefira a
                     variável VORTEX_BRIDGE_TOKEN: a linha de comando fica visível a todos os
                     usuários deste computador (ps, Gerenciador de Tarefas)
  --config <arquivo> config.json do instalador: servidor, chave do dispositivo, adaptador
  --state-dir <dir>  onde guardar a sessão, os deals não confirmados e os comandos já executados
                     (padrão ./bridge-data)
  --adapter sim      o MT5 simulado (padrão); SIM_SEED, SIM_SPEED, SIM_HISTORY_DAYS e SIM_START
                     (data e hora ISO 8601 em que o mercado simulado começa) o ajustam, e
                     SIM_MARGIN_MODE (netting ou hedging), SIM_CURRENCY (ex.: USD), SIM_DEAL_FEE
                     (taxa por contrato) e SIM_BALANCE_OPS (depósitos e saques, dia:valor,...)
                     fazem outra conta
  --adapter ea       o MT5 de verdade, pelo Expert Advisor VortexBridge (mql5/INSTALL.pt-BR.md)
  --ea-port <porta>  porta local em que o agente espera o Expert Advisor (padrão 5555)
  --version          mostra a versão
  --help             mostra esta ajuda

Variáveis de ambiente:
  VORTEX_BRIDGE_TOKEN   o token de pareamento, sem expô-lo na linha de comando (--token vence)

O agente não desiste quando o servidor fica fora do ar: reconecta sozinho (de 0,5 s até a cada 15 s)
e reenvia o que ficou pendente. Ele só termina com:
  ${EXIT_STOPPED}  parado de propósito (Ctrl+C, SIGTERM)
  ${EXIT_CRASHED}  erro inesperado (os scripts de início o reiniciam)
  ${EXIT_USAGE}  opção, variável ou config.json inválidos
  ${EXIT_REFUSED}  recusado pelo servidor: sessão desconhecida ou revogada, token já usado, conta bloqueada
     (gere um novo token de pareamento ou baixe o instalador de novo)
  ${EXIT_PROTOCOL}  o servidor não aceita a versão do protocolo deste agente (atualize o agente)
`;

function version(): string {
  // The installer's single-file build carries its version; the repo reads package.json.
  if (typeof __VORTEX_BRIDGE_VERSION__ === 'string') return __VORTEX_BRIDGE_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** SIM_START: the simulated market's start (tests pin it inside a session), else the wall clock. */
function simClock(): (() => number) | undefined {
  const raw = process.env.SIM_START;
  if (raw === undefined || raw === '') return undefined;
  const start = Date.parse(raw);
  if (Number.isNaN(start)) {
    process.stderr.write(`SIM_START deve ser uma data e hora ISO 8601 (recebido "${raw}")\n`);
    process.exit(EXIT_USAGE);
  }
  const wall = Date.now();
  return () => start + (Date.now() - wall);
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    process.stderr.write(`${name} deve ser um número positivo (recebido "${raw}")\n`);
    process.exit(EXIT_USAGE);
  }
  return n;
}

function simAccount(historyDays: number): SimAccountProfile | undefined {
  try {
    return parseSimAccount(process.env, historyDays);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(EXIT_USAGE);
  }
}

/** The token handed over in the environment, taken out of it so nothing started later inherits it. */
function pairingTokenFromEnv(): string | undefined {
  const token = process.env.VORTEX_BRIDGE_TOKEN;
  delete process.env.VORTEX_BRIDGE_TOKEN;
  return token === '' ? undefined : token;
}

function serverUrlValid(raw: string): boolean {
  try {
    return ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

const VALUED_OPTIONS = new Set(['server', 'token', 'config', 'state-dir', 'adapter', 'ea-port']);
let values;
try {
  ({ values } = parseArgs({
    args: joinOptionValues(process.argv.slice(2), VALUED_OPTIONS),
    options: {
      server: { type: 'string', default: 'http://localhost:5000' },
      token: { type: 'string' },
      config: { type: 'string' },
      'state-dir': { type: 'string', default: './bridge-data' },
      adapter: { type: 'string', default: 'sim' },
      'ea-port': { type: 'string', default: '5555' },
      version: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  process.exit(EXIT_USAGE);
}

let deviceKey: string | undefined;
if (values.config) {
  try {
    const config = readInstallerConfig(values.config);
    values.server = config.server_url;
    values.adapter = config.adapter;
    values['ea-port'] = String(config.ea_port);
    values['state-dir'] = config.state_dir;
    deviceKey = config.device_key;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(EXIT_USAGE);
  }
}

if (values.version) {
  process.stdout.write(`${version()}\n`);
} else if (values.help) {
  process.stdout.write(USAGE);
} else if (!serverUrlValid(values.server)) {
  // Checked here: a URL the socket cannot even parse would otherwise fail every attempt forever.
  process.stderr.write(
    `Endereço do servidor inválido: ${values.server}. Use, por exemplo, https://vortex.exemplo.com.br\n`,
  );
  process.exit(EXIT_USAGE);
} else if (values.adapter !== 'sim' && values.adapter !== 'ea') {
  process.stderr.write(`Adaptador desconhecido: ${values.adapter}. Disponíveis: sim, ea.\n`);
  process.exit(EXIT_USAGE);
} else {
  const running: { agent?: BridgeAgent } = {};
  // Registered before the (slow) start: a stop that comes early is still a clean stop.
  const onSignal = () =>
    running.agent ? running.agent.stop('sinal recebido') : process.exit(EXIT_STOPPED);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stateDir = path.resolve(values['state-dir']);
  let ea: EaAdapter | undefined;
  let source: Mt5Source;
  if (values.adapter === 'ea') {
    const port = Number(values['ea-port']);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      process.stderr.write(
        `--ea-port deve ser uma porta entre 1 e 65535 (recebido "${values['ea-port']}")\n`,
      );
      process.exit(EXIT_USAGE);
    }
    try {
      ea = await EaAdapter.listen({ port });
    } catch (err) {
      process.stderr.write(
        `Não foi possível abrir a porta ${port} em 127.0.0.1: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      process.exit(EXIT_CRASHED);
    }
    process.stdout.write(`Aguardando o Expert Advisor VortexBridge em 127.0.0.1:${port}...\n`);
    await ea.waitForTerminal();
    source = ea;
  } else {
    process.stdout.write('Preparando o MT5 simulado (histórico inicial)...\n');
    const clock = simClock();
    const historyDays = positiveNumber('SIM_HISTORY_DAYS', 90);
    const account = simAccount(historyDays);
    source = createSimSource({
      seed: process.env.SIM_SEED ?? 'vortex',
      historyDays,
      speed: positiveNumber('SIM_SPEED', 1),
      ...(clock ? { now: clock } : {}),
      ...(account ? { account } : {}),
    });
  }
  const agent = new BridgeAgent({
    serverUrl: values.server,
    pairingToken: values.token ?? pairingTokenFromEnv(),
    deviceKey,
    stateDir,
    source,
    clientVersion: version(),
  });
  running.agent = agent;
  await agent.start();
  // Started by the server (demo mode) over an IPC channel: leave when the server goes away.
  if (process.send) process.once('disconnect', () => agent.stop('servidor encerrado'));
  const end = await agent.done;
  await ea?.close();
  if (end.kind === 'stopped') process.stdout.write(`${connectionMessages.stopped(end.reason)}\n`);
  else process.stderr.write(`${end.reason}\n`);
  process.exit(exitCodeOf(end));
}
