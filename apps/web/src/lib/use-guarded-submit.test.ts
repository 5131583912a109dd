import { act, renderHook } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ApiClientError } from './api-client';
import type { CaptchaToken } from './captcha/captcha-client';
import { type GuardedSubmitOptions, useGuardedSubmit } from './use-guarded-submit';

const token: CaptchaToken = { token: 'captcha-token', action: 'registration' };
const texts = { captchaNotReady: 'Captcha not ready.', failed: 'Could not send.' };

type Options = GuardedSubmitOptions<string, string, string>;

function render(overrides: Partial<Options> = {}) {
  const send = vi.fn<Options['send']>(async (request) => `answer to ${request}`);
  const onAnswer = vi.fn<Options['onAnswer']>();
  const options: Options = {
    captchaToken: async () => token,
    prepare: (input) => input,
    send,
    onAnswer,
    texts,
    ...overrides,
  };
  const hook = renderHook(() => useGuardedSubmit(options));
  const submit = (input: string) => act(() => hook.result.current.submit(input));
  return { hook, submit, send, onAnswer };
}

const keysOf = (send: ReturnType<typeof render>['send']) => send.mock.calls.map(([, guard]) => guard.idempotencyKey);

describe('useGuardedSubmit', () => {
  test('one submission at a time: a second submit while the first runs sends nothing', async () => {
    let answer: (value: string) => void = () => {};
    const send = vi.fn<Options['send']>(() => new Promise((resolve) => (answer = resolve)));
    const { hook, onAnswer } = render({ send });
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = hook.result.current.submit('a');
    });
    expect(hook.result.current.submitting).toBe(true);
    await act(() => hook.result.current.submit('a'));
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer('stored');
      await first;
    });
    expect(onAnswer).toHaveBeenCalledWith('stored');
    expect(hook.result.current.submitting).toBe(false);
  });

  test('canStart refusing leaves everything as it was', async () => {
    const { hook, submit, send } = render({ canStart: () => false });
    await submit('a');
    expect(send).not.toHaveBeenCalled();
    expect(hook.result.current.submitting).toBe(false);
  });

  test('the captcha token and the key go with the prepared request', async () => {
    const { submit, send } = render({ prepare: (input, captcha) => `${input} with ${captcha.token}` });
    await submit('a');
    expect(send).toHaveBeenCalledWith('a with captcha-token', { captcha: token, idempotencyKey: expect.any(String) });
  });

  test('an unclear outcome keeps the key for the same fingerprint; other data or an answer starts a new attempt', async () => {
    const send = vi.fn<Options['send']>().mockRejectedValueOnce(new ApiClientError('Could not reach the server.'));
    send.mockRejectedValueOnce(new ApiClientError('Could not reach the server.'));
    send.mockResolvedValue('stored');
    const { hook, submit } = render({ send, fingerprint: (request) => request });
    await submit('a');
    expect(hook.result.current.submitError).toBe('Could not reach the server.');
    await submit('a');
    await submit('b');
    await submit('b');
    const [first, retry, changed, afterAnswer] = keysOf(send);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(afterAnswer).not.toBe(changed);
  });

  test('a refusal that endsAttempt calls definite gets a new key, with its fields handed over', async () => {
    const refused = new ApiClientError('Check the form.', 400, 'invalid', { 'registrants.0.phone': 'Required' });
    const send = vi.fn<Options['send']>().mockRejectedValueOnce(refused).mockResolvedValue('stored');
    const onFieldErrors = vi.fn();
    const { hook, submit } = render({ send, onFieldErrors, endsAttempt: (error) => error.status === 400 });
    await submit('a');
    expect(hook.result.current.submitError).toBe('Check the form.');
    expect(onFieldErrors).toHaveBeenCalledWith({ 'registrants.0.phone': 'Required' });
    await submit('a');
    const [first, second] = keysOf(send);
    expect(second).not.toBe(first);
  });

  test('what each step failing shows, and onFailure replacing it', async () => {
    const captchaFails = render({ captchaToken: () => Promise.reject(new Error('no captcha')) });
    await captchaFails.submit('a');
    expect(captchaFails.hook.result.current.submitError).toBe(texts.captchaNotReady);

    const prepareFails = render({
      prepare: () => Promise.reject(new ApiClientError('The card could not be read.')),
    });
    await prepareFails.submit('a');
    expect(prepareFails.hook.result.current.submitError).toBe(texts.failed);

    const onFailure = vi.fn(() => 'Session expired.');
    const replaced = render({ send: () => Promise.reject(new ApiClientError('Gone.', 410)), onFailure });
    await replaced.submit('a');
    expect(onFailure).toHaveBeenCalledWith(expect.any(ApiClientError), 'send');
    expect(replaced.hook.result.current.submitError).toBe('Session expired.');
  });

  test('leavesPageOnAnswer keeps the button busy after the answer', async () => {
    const { hook, submit, onAnswer } = render({ leavesPageOnAnswer: true });
    await submit('a');
    expect(onAnswer).toHaveBeenCalledWith('answer to a');
    expect(hook.result.current.submitting).toBe(true);
  });
});
