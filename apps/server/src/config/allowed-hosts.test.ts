import { describe, expect, it } from 'vitest';
import { hostMatcher, splitHost } from './allowed-hosts.js';

describe('hostMatcher', () => {
  const allowed = hostMatcher(['localhost', '[::1]', 'api.vortex.com.br', 'proxy.interno:8443']);

  it('allows a name listed without a port at any port, in any case', () => {
    for (const host of ['localhost', 'localhost:5000', 'LocalHost:3000', '[::1]:5000'])
      expect(allowed(host), host).toBe(true);
    expect(allowed('api.vortex.com.br')).toBe(true);
  });

  it('allows a name listed with a port only at that port', () => {
    expect(allowed('proxy.interno:8443')).toBe(true);
    expect(allowed('proxy.interno')).toBe(false);
    expect(allowed('proxy.interno:443')).toBe(false);
  });

  it('refuses other names, lookalikes, malformed and missing hosts', () => {
    for (const host of [
      'evil.example',
      'api.vortex.com.br.evil.example',
      'localhost.evil.example',
      'a;b',
      'localhost;x',
      'localhost:0',
      '',
      undefined,
    ])
      expect(allowed(host), String(host)).toBe(false);
  });

  it('refuses to be built from a malformed entry', () => {
    expect(() => hostMatcher(['ok', 'a b'])).toThrow(/a b/);
  });
});

describe('splitHost', () => {
  it('splits names, IPv4 and bracketed IPv6', () => {
    expect(splitHost('Vortex.Example:8080')).toEqual({ name: 'vortex.example', port: 8080 });
    expect(splitHost('10.0.0.7')).toEqual({ name: '10.0.0.7', port: undefined });
    expect(splitHost('[::1]:5000')).toEqual({ name: '[::1]', port: 5000 });
    expect(splitHost('::1')).toBeUndefined();
  });
});
