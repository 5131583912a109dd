/**
 * Crash injection for the reliability suite (reliability/crash): when STORE_FAULT_POINT names this
 * point, the process kills itself with SIGKILL there, exactly as a power cut would, so the test can
 * prove what the reconciler makes of the half-done work. Unset (always, outside that suite): nothing.
 * Read on every call, not at start, so a test can arm it for one process of several.
 */
export function faultPoint(name: string): void {
  if (process.env.STORE_FAULT_POINT === name) process.kill(process.pid, 'SIGKILL');
}
