/**
 * A captcha token per submit (SPEC.md §6: the invisible captcha gives a token per action). The
 * captcha the server chose is loaded when the page opens, so the first submit does not wait for
 * its script; a load that failed is tried again on the next submit.
 */

import type { CaptchaAction } from '@store/shared/captcha';
import { useCallback, useEffect, useRef } from 'react';
import type { CaptchaClient, CaptchaToken } from './captcha-client';

// Lazy: the captcha's code is fetched only by pages that need it.
const loadCaptcha = () => import('./load-captcha-client').then((m) => m.loadCaptchaClient());

export function useCaptchaToken(): (action: CaptchaAction) => Promise<CaptchaToken> {
  const client = useRef<Promise<CaptchaClient> | null>(null);

  const ready = useCallback(() => {
    client.current ??= loadCaptcha().catch((error: unknown) => {
      client.current = null;
      throw error;
    });
    return client.current;
  }, []);

  useEffect(() => {
    // Warm-up only: a failure here shows on submit, when the visitor needs the token.
    ready().catch(() => {});
  }, [ready]);

  return useCallback(async (action) => (await ready()).execute(action), [ready]);
}
