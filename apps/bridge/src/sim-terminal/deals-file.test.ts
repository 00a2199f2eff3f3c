import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Mt5Deal } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DealsFile } from './deals-file.js';

const deal = (ticket: number): Mt5Deal => ({
  ticket,
  order: ticket,
  position_id: ticket,
  symbol: 'WINZ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 125_000,
  profit: 0,
  commission: -0.25,
  swap: 0,
  magic: 0,
  reason: 0,
  comment: '',
  time: 1_763_571_600,
  time_msc: 1_763_571_600_000,
});

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the deals file', () => {
  it('holds the whole latest list once saves settle, and no temporary file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-deals-file-'));
    const file = path.join(dir, 'deals.json');
    const errors: unknown[] = [];
    const out = new DealsFile(file, (err) => errors.push(err));
    const deals = [deal(1)];
    out.save(deals);
    // Grows while the first write is under way: the next write carries all of it.
    deals.push(deal(2));
    out.save(deals);
    deals.push(deal(3));
    out.save(deals);
    await out.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(deals);
    expect(existsSync(`${file}.tmp`)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('reports a failed write and writes again at the next save', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-deals-file-'));
    const file = path.join(dir, 'later', 'deals.json');
    const errors: unknown[] = [];
    const out = new DealsFile(file, (err) => errors.push(err));
    out.save([deal(1)]);
    await out.flush();
    expect(errors).toHaveLength(1);
    await mkdir(path.dirname(file));
    out.save([deal(1), deal(2)]);
    await out.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([deal(1), deal(2)]);
  });

  it('writes the newest list given when saves come faster than writes', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-deals-file-'));
    const file = path.join(dir, 'deals.json');
    const out = new DealsFile(file, () => undefined);
    out.save([deal(1)]);
    out.save([deal(1), deal(2)]);
    await out.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([deal(1), deal(2)]);
  });
});
