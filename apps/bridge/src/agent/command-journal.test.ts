import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandJournal } from './command-journal.js';

const tempFile = async () =>
  path.join(await mkdtemp(path.join(os.tmpdir(), 'journal-')), 'commands.json');

describe('CommandJournal', () => {
  it('remembers outcomes across a restart, and a command started but never finished', async () => {
    const file = await tempFile();
    const a = new CommandJournal(file);
    await a.begin('done');
    await a.finish('done', { ok: true, retcode: 10009, message: 'Solicitação concluída' });
    await a.begin('cut-short');
    const b = new CommandJournal(file);
    expect(b.get('done')).toEqual({ ok: true, retcode: 10009, message: 'Solicitação concluída' });
    expect(b.get('cut-short')).toBeNull();
    expect(b.get('never-seen')).toBeUndefined();
  });

  it('forgets the oldest ids beyond its size', async () => {
    const file = await tempFile();
    const journal = new CommandJournal(file, 3);
    for (const id of ['a', 'b', 'c', 'd']) await journal.finish(id, { ok: true, message: id });
    const reloaded = new CommandJournal(file, 3);
    expect(['a', 'b', 'c', 'd'].map((id) => reloaded.has(id))).toEqual([false, true, true, true]);
  });
});
