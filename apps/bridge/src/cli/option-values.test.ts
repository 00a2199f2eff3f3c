import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { joinOptionValues } from './option-values.js';

const VALUED = new Set(['token', 'server']);
const parse = (args: string[]) =>
  parseArgs({
    args: joinOptionValues(args, VALUED),
    options: { token: { type: 'string' }, server: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  }).values;

describe('joinOptionValues', () => {
  it('takes a token that starts with a dash as the token (one pairing token in 64 does)', () => {
    expect(parse(['--server', 'http://x', '--token', '-Ab3_x'])).toEqual({
      server: 'http://x',
      token: '-Ab3_x',
    });
    expect(parse(['--token', '--Zq'])).toEqual({ token: '--Zq' });
  });

  it('leaves flags, --name=value and a last option without a value as they were', () => {
    expect(joinOptionValues(['--help', '--token=-a', '--server'], VALUED)).toEqual([
      '--help',
      '--token=-a',
      '--server',
    ]);
    expect(() => parse(['--server'])).toThrow();
  });
});
