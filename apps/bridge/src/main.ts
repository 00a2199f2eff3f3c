#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

// The agent's shell: its command line. Pairing, the MT5 adapters and the stream to the server
// plug in behind these options.
const USAGE = `vortex-bridge — agente local do Vórtex para o MetaTrader 5

Uso: vortex-bridge [opções]

  --server <url>   endereço do servidor Vórtex (padrão http://localhost:5000)
  --token <token>  token de pareamento gerado no aplicativo web
  --version        mostra a versão
  --help           mostra esta ajuda
`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

try {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: 'http://localhost:5000' },
      token: { type: 'string' },
      version: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.version) process.stdout.write(`${version()}\n`);
  else process.stdout.write(USAGE);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  process.exit(2);
}
