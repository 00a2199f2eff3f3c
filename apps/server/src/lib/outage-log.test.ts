import { describe, expect, it } from 'vitest';
import { OutageLog } from './outage-log.js';

function recorder() {
  const lines: string[] = [];
  const log = {
    error: (_o: object, m: string) => lines.push(`error ${m}`),
    warn: (_o: object, m: string) => lines.push(`warn ${m}`),
    info: (_o: object, m: string) => lines.push(`info ${m}`),
  };
  return { lines, log };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});

describe('OutageLog', () => {
  it('tells a database outage once however many ticks fail, and its end once', () => {
    const { lines, log } = recorder();
    const outage = new OutageLog(log, 'sender');
    for (let tick = 0; tick < 50; tick++) outage.failed(refused);
    outage.succeeded();
    outage.succeeded();
    outage.failed(refused);
    expect(lines).toEqual([
      'warn sender: database unavailable, retrying quietly',
      'info sender: database back',
      'warn sender: database unavailable, retrying quietly',
    ]);
  });

  it('tells every other failure each time: those are bugs', () => {
    const { lines, log } = recorder();
    const outage = new OutageLog(log, 'sender');
    outage.failed(new TypeError('x is undefined'));
    outage.failed(new TypeError('x is undefined'));
    expect(lines).toEqual(['error sender', 'error sender']);
  });
});
