import { backtestMessages, DEFAULT_BOT_CONFIG } from '@vortex/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { BacktestJob } from './backtest.job.js';
import { createBacktestPool } from './backtest.pool.js';

const pool = createBacktestPool(2);
afterAll(() => pool.close());

const week: BacktestJob = {
  config: DEFAULT_BOT_CONFIG,
  source: 'simulator',
  range: {
    seed: 3,
    from: Date.parse('2025-03-10T00:00:00-03:00'),
    to: Date.parse('2025-03-15T00:00:00-03:00'),
  },
};

// Each job boots a worker thread with its own module graph and runs a week of bars: seconds of
// CPU, past vitest's 5 s default when the machine is busy (CI's unit tier failed so once).
describe('backtest worker pool', { timeout: 30_000 }, () => {
  it('runs jobs on worker threads, two at a time, and refuses a third with a 429', async () => {
    const first = pool.run(week);
    const second = pool.run(week);
    expect(pool.busy).toBe(2);
    await expect(pool.run(week)).rejects.toMatchObject({
      statusCode: 429,
      message: backtestMessages.busy,
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, response: { source: 'simulator', bars: 5 * 565 } });
    expect(pool.busy).toBe(0);
  });

  it('reports a job that kills its worker, then serves the next on a fresh one', async () => {
    const broken = { config: DEFAULT_BOT_CONFIG, source: 'stored', bars: null };
    await expect(pool.run(broken as unknown as BacktestJob)).rejects.toThrow();
    await expect(pool.run(week)).resolves.toMatchObject({ ok: true });
  });

  it('answers a bad CSV as a result, not a failure', async () => {
    const result = await pool.run({ config: DEFAULT_BOT_CONFIG, source: 'csv', csv: 'a,b\n1,2' });
    expect(result).toEqual({ ok: false, status: 400, error: backtestMessages.csvHeader });
  });
});
