import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { rowsOf } from '../../db/rows.js';
import { verifyPassword } from '../auth/password.js';
import { ensureAdmin, generatePassword } from './admin-bootstrap.js';

// Not on the fixture: each test needs a database with no admin yet, so one database per test.
let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

const AdminSchema = z.object({
  email: z.string(),
  username: z.string(),
  password_hash: z.string(),
  status: z.string(),
});
const admins = (d: TestDatabase) =>
  rowsOf(
    d.pool,
    AdminSchema,
    "SELECT email, username, password_hash, status FROM users WHERE role = 'admin'",
  );

describe('ensureAdmin', () => {
  it('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD with an argon2id hash', async () => {
    db = await createTestDatabase();
    const res = await ensureAdmin(db.pool, {
      email: 'dono@corretora.com.br',
      password: 'Segura@2026',
    });
    expect(res).toEqual({ created: true, email: 'dono@corretora.com.br', username: 'dono' });
    const [admin] = await admins(db);
    expect(admin?.status).toBe('active');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin?.password_hash ?? '', 'Segura@2026')).toBe(true);
    expect(await verifyPassword(admin?.password_hash ?? '', 'outra')).toBe(false);
  });

  it('generates a strong password when none is configured, and only once', async () => {
    db = await createTestDatabase();
    const first = await ensureAdmin(db.pool, undefined);
    if (!first.created) throw new Error('expected an admin');
    expect(first.generatedPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[@$!%*?&]).{20}$/);
    const [admin] = await admins(db);
    expect(await verifyPassword(admin?.password_hash ?? '', first.generatedPassword ?? '')).toBe(
      true,
    );
    expect(await ensureAdmin(db.pool, undefined)).toEqual({ created: false });
    expect(await admins(db)).toHaveLength(1);
  });

  it('generated passwords differ and always meet the strength rule', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[@$!%*?&]).{20}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
