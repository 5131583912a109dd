/**
 * What the command line reports as a plain message (no stack trace), for anything the person at the
 * keyboard should read. Exit codes: 1 refused, 2 usage, 130 Ctrl-C.
 */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}
