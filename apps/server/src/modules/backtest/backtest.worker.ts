import { parentPort } from 'node:worker_threads';
import { runBacktestJob, type BacktestJob } from './backtest.job.js';

// A pool worker: one job at a time, answered on the same port.
parentPort?.on('message', (job: BacktestJob) => {
  parentPort?.postMessage(runBacktestJob(job));
});
