import { bridgeMessages } from '@vortex/core';

/** The pt-BR reasons an agent (and the admin) reads when what it sent is refused for good. */
export const ingestMessages = {
  invalidBatch: (detail: string) => `${bridgeMessages.invalidMessage}: ${detail}`,
  unidentified:
    'Lote recusado: há deals inválidos sem um ticket que os distinga dos demais; nada do lote foi gravado.',
  databaseRefusedBatch: (complaint: string) =>
    `O banco de dados recusou o lote; nada dele foi gravado. Motivo: ${complaint}`,
  databaseRefusedMessage: (complaint: string) =>
    `O banco de dados recusou a mensagem. Motivo: ${complaint}`,
} as const;

/** The database's own words with its SQLSTATE, as a reason can carry them. */
export function databaseComplaint(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : 'erro desconhecido';
  return typeof e?.code === 'string' ? `${message} (SQLSTATE ${e.code})` : message;
}
