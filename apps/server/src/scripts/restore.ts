#!/usr/bin/env node
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.js';
import { restoreIntoConfigured } from '../modules/backup/restore-command.js';

const USAGE = 'Uso: npm run restore -- ARQUIVO [--force] [--json]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const [arg] = positionals;
  if (!arg || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // npm runs scripts from the repository root; the file is named from where the user typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  try {
    await access(file);
  } catch {
    process.stderr.write(`Arquivo não encontrado: ${file}\n`);
    return 2;
  }
  const config = loadConfig();
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const counts = await restoreIntoConfigured(config, file, { force: values.force, log });
  if (values.json) process.stdout.write(`${JSON.stringify(counts)}\n`);
  else {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `Restauração concluída: ${Object.keys(counts).length} tabelas, ${total} linhas.\n`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const msg = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`Falha na restauração: ${msg}\n`);
    process.exit(1);
  },
);
