import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: 43 characters. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them safely. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
