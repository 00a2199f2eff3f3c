import { invalidFieldMessage } from '@vortex/core';
import { describe, expect, it } from '../../../test/fixture.js';

// Each of these once reached a user through z.coerce.number: '0x9', '9e0', ' 9' and '9.0' all
// read as 9. Written with the target's own id so a loose reading would find a real row.
const spellings = (id: number) => [
  `0x${id.toString(16)}`,
  `0${id}`,
  `${id}e0`,
  `${id}.`,
  `%20${id}`,
  `${id}%20`,
  `${id}.0`,
  `-${id}`,
  `%2B${id}`,
  '99999999999999999999',
  '0',
];

describe('user ids in paths', () => {
  it('reach a user only by its one decimal spelling; any other is a 400 in pt-BR', async ({
    api,
    admin,
    newUser,
  }) => {
    const target = await newUser();
    const edit = { full_name: 'Nome Trocado' };
    const ok = await api.as(admin).put(`/users/${target.id}`, edit);
    expect(ok.statusCode, ok.body).toBe(200);
    for (const spelling of spellings(target.id)) {
      const res = await api.as(admin).put(`/users/${spelling}`, edit);
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: invalidFieldMessage(['id'], 'Identificador de usuário inválido.'),
      });
    }
  });
});
