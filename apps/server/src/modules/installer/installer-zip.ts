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

/**
 * The agent's deliberate ends (apps/bridge/src/agent/exit-codes.ts): stopped on purpose, refused
 * or revoked by the server, a protocol the server no longer speaks. Any other end is a crash,
 * and the start scripts run the agent again after a pause.
 */
const AGENT_EXIT = { stopped: 0, refused: 3, protocol: 4 } as const;
const RESTART_PAUSE_S = 5;

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
7. Para a bridge iniciar sozinha com o Windows, escolha um dos caminhos:
   a) Atalho em Inicializar: aperte Windows+R, digite shell:startup e Enter; na pasta que abrir,
      clique com o botão direito > Novo > Atalho e aponte para C:\\VortexBridge\\iniciar-bridge.cmd.
   b) Agendador de Tarefas: Criar Tarefa > Disparadores > Novo > Iniciar a tarefa "Ao fazer
      logon"; Ações > Novo > Programa/script C:\\VortexBridge\\iniciar-bridge.cmd e Iniciar em
      C:\\VortexBridge; em Configurações, desmarque "Parar a tarefa se ela for executada por mais de".

Se o servidor do Vórtex ficar fora do ar, a bridge espera e reconecta sozinha, sem perder negócios.
Se ela parar por um erro, o iniciar-bridge.cmd a inicia de novo em ${RESTART_PAUSE_S} segundos. Ela só
fica parada quando você fecha a janela, quando o servidor recusa ou revoga esta bridge (baixe um
novo instalador) ou quando esta versão não é mais aceita (baixe o instalador de novo); a janela e o
registro dizem o motivo. Negócios que o servidor recusar para sempre ficam guardados em
C:\\VortexBridge\\bridge-data\\dead-letter.jsonl, para conferência.

O registro da instalação fica em C:\\VortexBridge\\bridge-data\\bridge.log.
Servidor configurado: ${c.serverUrl}
`;

const SCRIPT_MESSAGES = {
  stopped: 'Vórtex Bridge encerrada.',
  refused:
    'O servidor recusou ou revogou esta bridge: baixe um novo instalador no Vórtex. A bridge não será reiniciada.',
  protocol:
    'Esta versão da bridge não é mais aceita pelo servidor: baixe o instalador novamente no Vórtex. A bridge não será reiniciada.',
  crashed: (code: string) =>
    `A bridge parou inesperadamente (código ${code}); reiniciando em ${RESTART_PAUSE_S} segundos...`,
};

// UTF-8 (chcp 65001) for the pt-BR messages. ping waits: timeout fails at once when the task has
// no console input (Task Scheduler), which would turn a crash into a tight loop.
const START_CMD = `@echo off
rem Runs the agent and runs it again after a crash; stays stopped after a deliberate end.
chcp 65001 >nul
cd /d "%~dp0"
if not exist bridge-data mkdir bridge-data
:iniciar
node vortex-bridge.mjs --config config.json >> bridge-data\\bridge.log 2>&1
set CODIGO=%ERRORLEVEL%
if "%CODIGO%"=="${AGENT_EXIT.stopped}" goto parada
if "%CODIGO%"=="${AGENT_EXIT.refused}" goto recusada
if "%CODIGO%"=="${AGENT_EXIT.protocol}" goto desatualizada
call :avisar "${SCRIPT_MESSAGES.crashed('%CODIGO%')}"
ping -n ${RESTART_PAUSE_S + 1} 127.0.0.1 >nul
goto iniciar
:parada
call :avisar "${SCRIPT_MESSAGES.stopped}"
exit /b ${AGENT_EXIT.stopped}
:recusada
call :avisar "${SCRIPT_MESSAGES.refused}"
pause
exit /b ${AGENT_EXIT.refused}
:desatualizada
call :avisar "${SCRIPT_MESSAGES.protocol}"
pause
exit /b ${AGENT_EXIT.protocol}
:avisar
echo %~1
echo %date% %time% %~1>> bridge-data\\bridge.log
exit /b 0
`;

const START_SH = `#!/bin/sh
# Runs the agent and runs it again after a crash; stays stopped after a deliberate end.
cd "$(dirname "$0")" || exit 1
mkdir -p bridge-data
while :; do
  node vortex-bridge.mjs --config config.json
  status=$?
  case $status in
    ${AGENT_EXIT.stopped}) echo "${SCRIPT_MESSAGES.stopped}"; exit ${AGENT_EXIT.stopped} ;;
    ${AGENT_EXIT.refused}) echo "${SCRIPT_MESSAGES.refused}"; exit ${AGENT_EXIT.refused} ;;
    ${AGENT_EXIT.protocol}) echo "${SCRIPT_MESSAGES.protocol}"; exit ${AGENT_EXIT.protocol} ;;
  esac
  echo "${SCRIPT_MESSAGES.crashed('$status')}"
  sleep ${RESTART_PAUSE_S}
done
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
