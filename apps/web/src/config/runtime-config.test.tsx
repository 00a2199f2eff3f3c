import { describe, expect, it } from 'vitest';
import { resolveApiUrl } from './runtime-config';

const at = (href: string, config?: { apiUrl?: unknown }) => ({
  location: new URL(href) as unknown as Location,
  __VORTEX_CONFIG__: config,
});

describe('API base URL', () => {
  it('uses the server-written runtime config, without a trailing slash', () => {
    expect(
      resolveApiUrl(at('https://app.vortex.com.br/login', { apiUrl: 'https://api.x.br/' })),
    ).toBe('https://api.x.br');
  });

  it('falls back to the local host at port 5000', () => {
    expect(resolveApiUrl(at('http://192.168.0.7:5173/dashboard'))).toBe('http://192.168.0.7:5000');
    expect(resolveApiUrl(at('https://localhost:4173/', {}))).toBe('https://localhost:5000');
  });

  it('refuses a config that is not a URL', () => {
    expect(() => resolveApiUrl(at('http://localhost/', { apiUrl: 'localhost:5000' }))).toThrow(
      /__VORTEX_CONFIG__/,
    );
  });
});
