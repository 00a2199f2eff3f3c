/** Why a file could not be written, per fs error code, in pt-BR (lowercase: it ends a sentence). */
export const diskCauses: Readonly<Record<string, string>> = {
  ENOSPC: 'sem espaço em disco',
  EDQUOT: 'cota de disco do usuário esgotada',
  EFBIG: 'arquivo maior que o disco permite',
  EACCES: 'sem permissão de escrita',
  EPERM: 'sem permissão de escrita',
  EROFS: 'disco somente leitura',
  EIO: 'falha de leitura ou gravação do disco',
  ENOENT: 'pasta inexistente',
  ENOTDIR: 'pasta inexistente',
  EMFILE: 'arquivos abertos demais no servidor',
  ENFILE: 'arquivos abertos demais no servidor',
};

/** The fs error code of `err` (a Node error), when it is one the table above names. */
function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in diskCauses ? code : null;
}

/** 'sem espaço em disco', or null when `err` is not a known disk condition. */
export function diskErrorCause(err: unknown): string | null {
  const code = codeOf(err);
  return code ? (diskCauses[code] ?? null) : null;
}

/**
 * A full pt-BR sentence for a failed write, or null when `err` is not a disk condition (the
 * caller keeps its own message). `what` names what was being written, with its place:
 * diskErrorMessage(err, 'o backup (/data/backups)') → 'Sem espaço em disco para o backup (…).'
 */
export function diskErrorMessage(err: unknown, what: string): string | null {
  const cause = diskErrorCause(err);
  return cause ? `${cause.charAt(0).toUpperCase()}${cause.slice(1)} para ${what}.` : null;
}
