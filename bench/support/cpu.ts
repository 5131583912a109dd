/**
 * CPU time used by processes, from Linux's /proc: on a shared 2-core machine requests per second
 * move with whatever else runs, while CPU milliseconds per request say what a request costs.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

type Stat = { ppid: number; cpuSeconds: number };

function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { ppid, cpuSeconds: (utime + stime) / TICKS_PER_SECOND };
}

/** User + system CPU seconds of one process so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  return stat(pid)?.cpuSeconds ?? 0;
}

/** A process and its direct children (PostgreSQL: the postmaster and its backends). */
export function treeCpuSeconds(pid: number): number {
  let total = cpuSeconds(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) total += child.cpuSeconds;
  }
  return total;
}

/** The postmaster listening on `port` (test/start-postgres.ts starts it with `-p <port>`), if any. */
export function postmasterPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string[];
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const p = cmdline.indexOf('-p');
    if (cmdline[0]?.endsWith('postgres') && p !== -1 && cmdline[p + 1] === String(port)) return Number(entry);
  }
  return undefined;
}
