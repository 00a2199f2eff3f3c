import { describe, expect, it } from 'vitest';
import { OutageLog } from './database-outage.js';

describe('OutageLog', () => {
  it('logs an outage once when it starts and once when it ends', () => {
    const lines: string[] = [];
    const outage = new OutageLog({
      warn: (_o: unknown, m?: string) => void lines.push(`warn ${m ?? ''}`),
      info: (m: unknown) => void lines.push(`info ${String(m)}`),
    } as never);
    outage.succeeded();
    for (let i = 0; i < 5; i++) outage.failed(new Error('ECONNREFUSED'));
    outage.succeeded();
    outage.succeeded();
    outage.failed(new Error('ECONNREFUSED'));
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'warn database unavailable',
      'info database back',
      'warn database unavailable',
    ]);
  });
});
