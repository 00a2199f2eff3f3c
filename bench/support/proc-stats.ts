/** What /proc says about a process: its resident memory and the CPU time it has used. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on Linux as a rule). */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** VmRSS of a process in MiB, from /proc/<pid>/status (NaN once it is gone). */
export function rssMiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of a process in ms: the sum over its threads of /proc/<pid>/task/<tid>/schedstat
 * (nanoseconds on a CPU), which resolves a few heartbeats where utime + stime count 10 ms ticks.
 * Falls back to /proc/<pid>/stat's ticks; 0 once the process is gone. A thread that has ended
 * no longer counts: Node's and PostgreSQL's threads live as long as their process.
 */
export function cpuMs(pid: number): number {
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  let ns = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  if (Number.isFinite(ns) && ns > 0) return ns / 1e6;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU milliseconds used by a set of processes between two readings. */
export class CpuMeter {
  private readonly start = new Map<number, number>();

  constructor(pids: number[]) {
    for (const pid of pids) this.start.set(pid, cpuMs(pid));
  }

  /** Processes that appear later (a new PostgreSQL backend) count from zero. */
  add(pids: number[]): void {
    for (const pid of pids) if (!this.start.has(pid)) this.start.set(pid, 0);
  }

  elapsedMs(): number {
    let sum = 0;
    for (const [pid, start] of this.start) sum += Math.max(0, cpuMs(pid) - start);
    return sum;
  }
}

/** Busy CPU ms of the whole machine (all cores together) since boot, from /proc/stat. */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number];
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return ((total - idle - iowait) * 1000) / CLOCK_TICKS;
}

/** The machine's busy CPU over a span, and this process's share, to tell what other work took. */
export class MachineMeter {
  private readonly start = machineBusyMs();
  private readonly startSelf = process.cpuUsage();

  /** Busy CPU ms of the whole machine (all cores) and of this process since the meter was made. */
  elapsed(): { busyMs: number; selfMs: number } {
    const self = process.cpuUsage(this.startSelf);
    return { busyMs: machineBusyMs() - this.start, selfMs: (self.user + self.system) / 1000 };
  }
}

/** Samples a process's RSS every 250 ms; the lowest sample is the one nearest a collection. */
export class RssSampler {
  private low = Number.POSITIVE_INFINITY;
  private high = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 250);
  }

  private sample(): void {
    const rss = rssMiB(this.pid);
    if (!Number.isFinite(rss)) return;
    this.low = Math.min(this.low, rss);
    this.high = Math.max(this.high, rss);
  }

  stop(): { low: number; high: number } {
    clearInterval(this.timer);
    this.sample();
    return { low: this.low, high: this.high };
  }
}
