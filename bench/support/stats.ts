/** Small statistics and formatting shared by the benchmarks. */
import { cpus, loadavg, totalmem } from 'node:os';

/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** `12,345` */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** The machine line every section of BENCHMARKS.md carries. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'cpu';
  return `${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/**
 * The 1-minute load average: on this shared 2-core machine other jobs may be running, and a
 * figure taken under load says so next to it.
 */
export function loadLine(): string {
  const [one, five] = loadavg();
  return `load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min)`;
}
