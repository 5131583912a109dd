/**
 * Where the admin command gets a password: never from its arguments (they end up in shell history
 * and in every user's `ps`). On a terminal, a hidden prompt asked twice; otherwise (a pipe, a
 * script, a test) the first line of stdin.
 */
import type { Readable } from 'node:stream';
import { CliError } from './cli-error';

/** Reads one line without echoing it, in raw mode so the terminal shows nothing as it is typed. */
function promptHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(value));
        if (char === '\u0003') return finish(() => reject(new CliError('Cancelled.', 130)));
        if (char === '\u0004' && value === '') return finish(() => reject(new CliError('Cancelled.', 130)));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char === '\u0015') value = '';
        // An arrow or function key: an escape sequence, not part of a password.
        else if (char === '\u001b') break;
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a non-terminal stdin; stops reading there (the writer need not close it). */
function readFirstLine(input: Readable): Promise<string> {
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (outcome: () => void) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      outcome();
    };
    const onData = (chunk: string) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline !== -1) done(() => resolve(text.slice(0, newline).replace(/\r$/, '')));
    };
    const onEnd = () =>
      text === ''
        ? done(() =>
            reject(new CliError('No password given: type it at the prompt or send it as the first line of stdin.')),
          )
        : done(() => resolve(text.replace(/\r$/, '')));
    const onError = (error: Error) => done(() => reject(error));
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
    input.resume();
  });
}

/** True when a person types the password at this process's terminal (a hidden prompt, asked twice). */
export function typedAtTerminal(input: Readable): boolean {
  return input === process.stdin && process.stdin.isTTY;
}

/** The new password: prompted at a terminal, else the first line of `input` (stdin, or a test's text). */
export async function readNewPassword(input: Readable = process.stdin): Promise<string> {
  if (!typedAtTerminal(input)) return readFirstLine(input);
  const first = await promptHidden('New password: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new CliError('The two passwords differ; nothing was changed.');
  return first;
}
