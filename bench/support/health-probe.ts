/**
 * GET /health one after another (5 ms apart) from a process of its own, until the parent says
 * stop: the server's responsiveness, not the benchmark's own event loop, busy with the bodies of
 * the reads it is timing. Sends back every time measured, in ms.
 */
const baseUrl = process.argv[2];
if (!baseUrl || !process.send) throw new Error('usage: fork(health-probe.ts, [apiUrl])');

const times: number[] = [];
const run = { stopped: false };
process.on('message', (m) => {
  if (m === 'stop') run.stopped = true;
});
process.send('ready');
while (!run.stopped) {
  const start = performance.now();
  const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  times.push(performance.now() - start);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.send({ times }, () => process.exit(0));
