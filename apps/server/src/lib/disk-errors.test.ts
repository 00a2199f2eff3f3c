import { describe, expect, it } from 'vitest';
import { diskErrorCause, diskErrorMessage } from './disk-errors.js';

const fsError = (code: string) => Object.assign(new Error(`${code}: whatever`), { code });

describe('diskErrorMessage', () => {
  it.each([
    ['ENOSPC', 'Sem espaço em disco para o backup (/d/backups).'],
    ['EDQUOT', 'Cota de disco do usuário esgotada para o backup (/d/backups).'],
    ['EACCES', 'Sem permissão de escrita para o backup (/d/backups).'],
    ['EROFS', 'Disco somente leitura para o backup (/d/backups).'],
  ])('says %s in pt-BR, naming what was written', (code, text) => {
    expect(diskErrorMessage(fsError(code), 'o backup (/d/backups)')).toBe(text);
  });

  it('leaves anything else to the caller', () => {
    expect(diskErrorMessage(fsError('ECONNREFUSED'), 'x')).toBeNull();
    expect(diskErrorMessage(new Error('ENOSPC in a message is not a code'), 'x')).toBeNull();
    expect(diskErrorCause('ENOSPC')).toBeNull();
    expect(diskErrorCause(null)).toBeNull();
    expect(diskErrorCause(fsError('ENOSPC'))).toBe('sem espaço em disco');
  });
});
