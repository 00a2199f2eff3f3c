import { BACKOFF_MAX_MS } from './backoff.js';

/** What a trader reads about the agent's connection and its ends, in pt-BR, kept together. */

const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
const attempts = (n: number) => (n === 1 ? '1 tentativa' : `${n} tentativas`);
const holds = (account: number, lastDeal: number) =>
  `conta ${account}; o servidor tem até o deal ${lastDeal}.`;

export const connectionMessages = {
  connected: (account: number, lastDeal: number) => `Conectado: ${holds(account, lastDeal)}`,
  connectedAfter: (n: number, ms: number, account: number, lastDeal: number) =>
    `Conectado após ${attempts(n)} em ${seconds(ms)}: ${holds(account, lastDeal)}`,
  reconnected: (n: number, ms: number, account: number, lastDeal: number) =>
    `Reconectado após ${attempts(n)} em ${seconds(ms)}: ${holds(account, lastDeal)}`,
  lost: (cause: string) => `Conexão com o servidor perdida (${cause}); tentando reconectar.`,
  unavailable: (url: string, cause: string) =>
    `Servidor indisponível em ${url} (${cause}); tentando de novo a cada até ${seconds(BACKOFF_MAX_MS)}.`,
  handshakeTimeout: 'o servidor não respondeu a tempo',
  silentServer: 'o servidor parou de responder',
  sessionRefused: (withToken: boolean) =>
    `O servidor recusou a sessão salva; pareando de novo com ${withToken ? 'o token de pareamento' : 'a chave do dispositivo'}.`,
  invalidServerMessage:
    'Mensagem do servidor ignorada: não segue o protocolo da bridge (servidor de outra versão?).',
  refused: (error: string) =>
    `O servidor recusou esta bridge: ${error} O agente foi encerrado e não tentará de novo: ` +
    'gere um novo token de pareamento na tela Bridge do Vórtex (ou baixe o instalador de novo).',
  revoked: (reason: string) =>
    `Sessão revogada no servidor (${revokedReasons[reason] ?? reason}). O agente foi encerrado e ` +
    'não tentará de novo: gere um novo token de pareamento na tela Bridge do Vórtex (ou baixe o ' +
    'instalador de novo).',
  protocol: (error: string, version: string) =>
    `${error} Este agente é a versão ${version}; o agente foi encerrado.`,
  stopped: (reason: string) => `Agente encerrado: ${reason}`,
  crashed: (error: string) =>
    `Erro inesperado no agente: ${error}\nO agente foi encerrado; o script de início o reinicia.`,
  historyOrdersRefused: (count: number, reason: string) =>
    count === 1
      ? `1 ordem do histórico recusada pelo servidor, que não será reenviada: ${reason}`
      : `${count} ordens do histórico recusadas pelo servidor, que não serão reenviadas: ${reason}`,
  deadLettered: (count: number, reasons: string, file: string) =>
    count === 1
      ? `1 deal recusado pelo servidor (${reasons}): guardado em ${file} e não será reenviado.`
      : `${count} deals recusados pelo servidor (${reasons}): guardados em ${file} e não serão reenviados.`,
} as const;

/** The server's revocation codes (agent-connection.ts, bridge-admin.routes.ts) in pt-BR. */
const revokedReasons: Readonly<Record<string, string>> = {
  session_ended: 'a sessão foi encerrada',
  claim_revoked: 'o administrador revogou esta bridge',
  admin_revoke: 'o administrador revogou a sessão',
  user_terminate: 'as sessões do usuário foram encerradas',
};

/** Close codes a server or the network gives, as the trader reads them. */
const closeCodes: Readonly<Record<number, string>> = {
  1000: 'fechada pelo servidor',
  1001: 'o servidor está encerrando ou reiniciando',
  1005: 'o servidor fechou a conexão',
  1006: 'conexão interrompida',
  1011: 'erro no servidor',
  1012: 'o servidor está reiniciando',
  1013: 'o servidor está sobrecarregado',
};

export function describeClose(code: number): string {
  const text = closeCodes[code];
  return text ? `código ${code}: ${text}` : `código ${code}`;
}

/** A failed connection attempt, from the error `ws` or the network gave. */
export function describeError(err: Error & { code?: string }): string {
  const status = /Unexpected server response: (\d+)/.exec(err.message)?.[1];
  if (status) return `o servidor respondeu HTTP ${status}`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'conexão recusada';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'endereço não encontrado';
    case 'ETIMEDOUT':
      return 'tempo esgotado';
    case 'ECONNRESET':
      return 'conexão interrompida';
    default:
      return err.message;
  }
}
