import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../server/test/wait.js';
import { BridgeAgent } from './agent.js';
import { CommandJournal } from './command-journal.js';
import { ackAll, FakeServer } from './fake-server.js';
import { STATE_FILES } from './private-files.js';
import { stubDeal, stubTerminal } from './stub-terminal.js';

/**
 * The state folder holds the session token and the trader's unacknowledged deals: it is the
 * agent's OS user's alone (0700, files 0600) whatever the umask, and one an older version left
 * readable by others is tightened at start.
 */
let server: FakeServer | undefined;
let agent: BridgeAgent | undefined;
let dir = '';
let umask: number | undefined;
afterEach(async () => {
  agent?.stop();
  await agent?.done;
  await server?.close();
  if (umask !== undefined) process.umask(umask);
  umask = undefined;
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

/** An agent on `stateDir` whose terminal has deals 1..5; deal 3 is refused for good. */
async function startAgent(stateDir: string): Promise<BridgeAgent> {
  server = await FakeServer.start({
    onDeals: (m) =>
      m.deals.some((d) => d.ticket === 3)
        ? {
            ...ackAll(m),
            stored: m.deals.length - 1,
            rejected: [{ ticket: 3, reason: 'Recusado' }],
          }
        : ackAll(m),
  });
  const deals: Mt5Deal[] = [1, 2, 3, 4, 5].map(stubDeal);
  const source = stubTerminal(
    { account_number: 7_171_717, server: 'State-Demo' },
    { poll: (after) => deals.filter((d) => d.ticket > after) },
  );
  const a = new BridgeAgent({
    serverUrl: server.url,
    pairingToken: 'token-de-pareamento-de-teste',
    stateDir,
    source,
    clientVersion: '0.1.0',
    heartbeatMs: 20,
    batchSize: 2,
    log: () => undefined,
  });
  await a.start();
  return a;
}

describe('the agent state folder', () => {
  it('is 0700 with every file 0600 under a umask that would make them 0777/0666', async () => {
    umask = process.umask(0o000);
    const base = await mkdtemp(path.join(os.tmpdir(), 'vortex-state-'));
    dir = base;
    const stateDir = path.join(base, 'state');
    agent = await startAgent(stateDir);
    await waitUntil(
      () => server?.batches.some((b) => b.deals.some((d) => d.ticket === 5)) ?? false,
      'deal 5 to be sent',
    );
    await waitUntil(() => agent?.pendingDeals === 0, 'the outbox to empty');
    // A command taken on, as the runner journals it.
    await new CommandJournal(path.join(stateDir, 'commands.json')).begin('cmd-1');
    agent.stop();
    await agent.done;

    expect(await modeOf(stateDir)).toBe(0o700);
    const names = await readdir(stateDir);
    expect(names).toEqual(
      expect.arrayContaining(['session.json', 'outbox.json', 'dead-letter.jsonl', 'commands.json']),
    );
    for (const name of names)
      expect([name, await modeOf(path.join(stateDir, name))]).toEqual([name, 0o600]);
  });

  it('that an older version left 0755 with 0644 files is tightened at start, and only its own files', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-state-old-'));
    const stateDir = path.join(dir, 'state');
    await mkdir(stateDir);
    await chmod(stateDir, 0o755);
    for (const name of [...STATE_FILES, 'outbox.json.tmp']) {
      const file = path.join(stateDir, name);
      await writeFile(file, name.endsWith('.jsonl') ? '' : '{}');
      await chmod(file, 0o644);
    }
    // Not the agent's: a --state-dir may hold the trader's own things.
    await writeFile(path.join(stateDir, 'notas.txt'), 'minhas notas');
    await chmod(path.join(stateDir, 'notas.txt'), 0o644);
    // Old files as the old agent left them: session.json with no token, so pairing runs again.
    await writeFile(
      path.join(stateDir, 'history-orders.json'),
      '{"doneUpTo":0,"atDoneUpTo":[],"orders":[]}',
    );
    await writeFile(path.join(stateDir, 'outbox.json'), '{"acked":0,"queued":0,"deals":[]}');
    await writeFile(path.join(stateDir, 'commands.json'), '{"entries":[]}');

    agent = await startAgent(stateDir);
    expect(await modeOf(stateDir)).toBe(0o700);
    for (const name of [...STATE_FILES, 'outbox.json.tmp'])
      expect([name, await modeOf(path.join(stateDir, name))]).toEqual([name, 0o600]);
    expect(await modeOf(path.join(stateDir, 'notas.txt'))).toBe(0o644);
  });
});
