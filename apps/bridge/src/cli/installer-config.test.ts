import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInstallerConfig } from './installer-config.js';

function write(content: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vortex-cfg-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('the installer config', () => {
  it('reads the zip config, with its state folder beside the file', () => {
    const file = write({
      server_url: 'https://vortex.example.com.br',
      device_key: 'a'.repeat(43),
      device_id: 'x',
      adapter: 'ea',
      ea_port: 5555,
      state_dir: 'bridge-data',
    });
    expect(readInstallerConfig(file)).toMatchObject({
      server_url: 'https://vortex.example.com.br',
      adapter: 'ea',
      ea_port: 5555,
      state_dir: path.join(path.dirname(file), 'bridge-data'),
    });
  });

  it('names what is wrong, in pt-BR', () => {
    expect(() =>
      readInstallerConfig(write({ server_url: 'ftp://x', device_key: 'curta' })),
    ).toThrow(/server_url deve ser um endereço http\(s\)[\s\S]*device_key inválida/);
    expect(() => readInstallerConfig(write('{'))).toThrow(/Não foi possível ler/);
  });
});
