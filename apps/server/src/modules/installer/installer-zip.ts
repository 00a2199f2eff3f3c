import { readFile } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';

export interface InstallerFiles {
  /** The agent bundled into one file, run with Node.js on the trader's PC. */
  agentBundle: string;
  /** The Expert Advisor's source and its install notes, when present. */
  mql5Dir: string;
}

export interface InstallerConfig {
  serverUrl: string;
  deviceKey: string;
  deviceId: string;
}

const NOTES = (c: InstallerConfig) => `Vórtex Bridge — instalação
==========================

Este pacote liga o seu MetaTrader 5 ao Vórtex. Ele já vem com a chave deste computador
(identificador ${c.deviceId.slice(0, 8)}); não o compartilhe.

1. Instale o Node.js 20 ou mais recente (nodejs.org) no computador onde o MT5 roda.
2. Extraia esta pasta em C:\\VortexBridge.
3. Copie VortexBridge.mq5 para a pasta MQL5\\Experts do seu terminal (MT5: Arquivo > Abrir pasta
   de dados) e compile-o no MetaEditor.
4. No MT5, em Ferramentas > Opções > Expert Advisors, marque "Permitir negociação algorítmica" e
   adicione 127.0.0.1 à lista de endereços permitidos.
5. Clique com o botão direito em iniciar-bridge.cmd e escolha "Executar como administrador".
   Na primeira execução a bridge se registra sozinha (auto-claim): em até 60 segundos o Vórtex
   mostra a bridge como ativa.
6. Arraste o Expert Advisor VortexBridge para um gráfico do WIN e confirme.

O registro da instalação fica em C:\\VortexBridge\\bridge-data\\bridge.log.
Servidor configurado: ${c.serverUrl}
`;

const START_CMD = `@echo off
cd /d "%~dp0"
if not exist bridge-data mkdir bridge-data
node vortex-bridge.mjs --config config.json >> bridge-data\\bridge.log 2>&1
`;

const START_SH = `#!/bin/sh
cd "$(dirname "$0")"
mkdir -p bridge-data
exec node vortex-bridge.mjs --config config.json
`;

async function optional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Builds the installer: the agent, its config with this device's key, and the notes. */
export async function buildInstallerZip(
  files: InstallerFiles,
  c: InstallerConfig,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  zip.addBuffer(await readFile(files.agentBundle), 'VortexBridge/vortex-bridge.mjs', { mtime });
  const config = {
    server_url: c.serverUrl,
    device_key: c.deviceKey,
    device_id: c.deviceId,
    adapter: 'ea',
    ea_port: 5555,
    state_dir: 'bridge-data',
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(config, null, 2)}\n`), 'VortexBridge/config.json', {
    mtime,
  });
  zip.addBuffer(Buffer.from(NOTES(c).replace(/\n/g, '\r\n')), 'VortexBridge/LEIA-ME.txt', {
    mtime,
  });
  zip.addBuffer(Buffer.from(START_CMD.replace(/\n/g, '\r\n')), 'VortexBridge/iniciar-bridge.cmd', {
    mtime,
  });
  zip.addBuffer(Buffer.from(START_SH), 'VortexBridge/iniciar-bridge.sh', { mtime, mode: 0o100755 });
  for (const name of ['VortexBridge.mq5', 'INSTALL.pt-BR.md']) {
    const content = await optional(path.join(files.mql5Dir, name));
    if (content) zip.addBuffer(content, `VortexBridge/${name}`, { mtime });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
