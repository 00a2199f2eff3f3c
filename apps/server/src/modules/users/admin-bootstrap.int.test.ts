import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { verifyPassword } from '../auth/password.js';
import { ensureAdmin, generatePassword } from './admin-bootstrap.js';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

const admins = async (d: TestDatabase) =>
  (
    await d.pool.query<{ email: string; username: string; password_hash: string; status: string }>(
      "SELECT email, username, password_hash, status FROM users WHERE role = 'admin'",
    )
  ).rows;

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
