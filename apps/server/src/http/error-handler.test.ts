import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './error-handler.js';

/** pg's errors as the driver throws them: a message and a SQLSTATE, no HTTP status. */
const pgError = (code: string) => Object.assign(new Error('pg says no'), { code });

async function answerTo(err: Error) {
  const logged: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => logged.push(JSON.parse(line) as never) },
    },
  });
  installErrorHandling(app);
  app.get('/x', () => Promise.reject(err));
  const res = await app.inject({ url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json<unknown>(), logged };
}

describe('a value PostgreSQL refuses', () => {
  it.each(['22021', '22P02', '22007', '22008', '22003', '23514'])(
    'SQLSTATE %s is the request’s fault: 400, logged without a stack',
    async (code) => {
      const { status, body, logged } = await answerTo(pgError(code));
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: 'Requisição inválida.' });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 40, sqlstate: code, route: '/x' });
      expect(JSON.stringify(logged[0])).not.toContain('stack');
    },
  );

  it('other failures stay what they were: a 503 while away, a 500 otherwise', async () => {
    expect((await answerTo(pgError('08006'))).status).toBe(503);
    expect((await answerTo(pgError('23505'))).status).toBe(500);
    expect((await answerTo(new Error('bug'))).status).toBe(500);
  });
});
