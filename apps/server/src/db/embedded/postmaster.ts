import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunAs } from './os-user.js';

const USER = 'vortex';

function runToEnd(cmd: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...runAs,
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(cmd)} falhou (código ${code}): ${out}`)),
    );
  });
}

/** initdb with a generated password, kept in `credFile` (0600). */
export async function initialise(
  pgDir: string,
  credFile: string,
  initdb: string,
  runAs: RunAs | undefined,
) {
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (runAs) await chown(pgDir, runAs.uid, runAs.gid);
  const password = randomBytes(24).toString('base64url');
  const pwFile = path.join(os.tmpdir(), `vortex-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwFile, runAs.uid, runAs.gid);
  try {
    await runToEnd(
      initdb,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
  await writeFile(credFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
}

/** Spawns the postmaster and resolves once it accepts connections. */
export function startPostmaster(
  postgres: string,
  pgDir: string,
  port: number,
  fsync: boolean,
  runAs: RunAs | undefined,
): Promise<ChildProcess> {
  const args = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    `fsync=${fsync ? 'on' : 'off'}`,
    '-c',
    'max_connections=200',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(postgres, args, {
      ...runAs,
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (c: Buffer) => {
      output = (output + c.toString()).slice(-8000);
      if (output.includes('database system is ready to accept connections')) {
        child.stderr.off('data', onData);
        child.stdout.off('data', onData);
        child.removeListener('close', onClose);
        // Keep draining its output so a chatty server never blocks on a full pipe.
        child.stdout.resume();
        child.stderr.resume();
        resolve(child);
      }
    };
    const onClose = (code: number | null) =>
      reject(new Error(`PostgreSQL embutido não iniciou (código ${code}):\n${output}`));
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.on('error', reject);
    child.once('close', onClose);
  });
}
