import { backtestMessages as m } from '@vortex/core';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/http-error.js';
import type { BacktestJob, BacktestJobResult } from './backtest.job.js';

export interface BacktestPool {
  /** Runs a job on an idle worker; 429 with a pt-BR message when every worker is busy. */
  run(job: BacktestJob): Promise<BacktestJobResult>;
  /** Jobs running now. */
  readonly busy: number;
  close(): Promise<void>;
}

/**
 * Built, the worker is dist/.../backtest.worker.js beside this file. Under vitest this file is
 * TypeScript, and a worker thread does not go through vite: the worker then registers tsx (with
 * the server's tsconfig, whose paths point @vortex/core at its sources) before importing the
 * .ts entry. `--import tsx` in execArgv is not applied to a worker's entry on Node 20.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./backtest.worker.js', import.meta.url));
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./backtest.worker.ts', import.meta.url).href;
  const tsconfig = new URL('../../../tsconfig.json', import.meta.url).pathname;
  const code = `import(${JSON.stringify(tsx)}).then((api) => {
    api.register({ tsconfig: ${JSON.stringify(tsconfig)} });
    return import(${JSON.stringify(entry)});
  });`;
  return new Worker(code, { eval: true });
}

interface Slot {
  worker: Worker | null;
  busy: boolean;
}

/**
 * Backtests off the event loop, `size` at a time. The workers stay up between jobs, because
 * starting one (loading core and zod) costs about 100 ms built and over a second from sources;
 * a worker that fails is dropped and the next job starts a fresh one. Two by default: the
 * server's machine has two cores and a job holds a year of bars (tens of MB), so a third
 * request is refused at once (429) instead of queueing behind minutes of work.
 */
export function createBacktestPool(size = 2): BacktestPool {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, busy: false }));

  const runOn = (slot: Slot, job: BacktestJob) =>
    new Promise<BacktestJobResult>((resolve, reject) => {
      const worker = slot.worker ?? startWorker();
      if (!slot.worker) {
        slot.worker = worker;
        // A job's own listeners report its failure; idle, the exit that follows drops the worker.
        worker.on('error', () => undefined);
        worker.on('exit', () => {
          if (slot.worker === worker) slot.worker = null;
        });
        worker.unref(); // an idle pool never holds the process open
      }
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (error: Error) => {
        done();
        if (slot.worker === worker) slot.worker = null;
        void worker.terminate();
        reject(error);
      };
      const onMessage = (result: BacktestJobResult) => {
        done();
        resolve(result);
      };
      const onError = (error: Error) => fail(error);
      const onExit = (code: number) => fail(new Error(`backtest worker exited with ${code}`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });

  return {
    async run(job) {
      const slot = slots.find((s) => !s.busy);
      if (!slot) throw new HttpError(429, m.busy);
      slot.busy = true;
      try {
        return await runOn(slot, job);
      } finally {
        slot.busy = false;
      }
    },
    get busy() {
      return slots.filter((s) => s.busy).length;
    },
    async close() {
      const workers = slots.flatMap((s) => (s.worker ? [s.worker] : []));
      for (const slot of slots) slot.worker = null;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
