/**
 * The reference for bench/login.bench.ts: a bare Fastify 5 server, no plugins, no logger, that
 * answers POST /auth/login with a fixed JSON body of about the real response's size, after
 * parsing the request body. Listens on 127.0.0.1 at a free port and prints `{"port":N}` once.
 */
import Fastify from 'fastify';

const FIXED = {
  success: true,
  access_token: 'bench-token-0000000000000000000000000000000',
  token: 'bench-token-0000000000000000000000000000000',
  token_type: 'Bearer',
  expires_at: '2030-01-01T00:00:00.000Z',
  user: {
    id: 1,
    unique_id: '00000000-0000-4000-8000-000000000000',
    user_id: 1,
    username: 'bench_admin',
    full_name: 'Administrador',
    date_of_birth: null,
    email: 'bench-admin@vortex.local',
    phone: null,
    role: 'admin',
    status: 'active',
    account_type: 'REAL',
    broker: null,
    trial_ends_at: null,
    created_at: '2030-01-01T00:00:00.000Z',
    last_login: '2030-01-01T00:00:00.000Z',
  },
  permissions: ['dashboard:read', 'trades:read', 'statistics:read', 'users:manage'],
};

const app = Fastify({ logger: false });

app.post('/auth/login', async (req, reply) => {
  const body = req.body as { email?: unknown; password?: unknown } | null;
  if (typeof body?.email !== 'string' || typeof body.password !== 'string') {
    return reply.code(400).send({ success: false, error: 'bad request' });
  }
  return FIXED;
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
