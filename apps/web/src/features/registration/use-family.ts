/**
 * The family page's state: the registration as last read or changed, or why it cannot be shown
 * (a forged link, an expired one, the server unreachable). A change runs one at a time; its answer
 * replaces the registration, its refusal is kept to show beside the form that made it.
 */
import type { FamilyRegistration } from '@store/shared/family-registration';
import { familyTexts } from '@store/shared/family-registration';
import { useCallback, useEffect, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { getFamily } from './family-api';

export type FamilyState =
  | { status: 'loading' }
  | { status: 'invalid' | 'expired' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; family: FamilyRegistration };

export type ChangeOutcome = { ok: true } | { ok: false; message: string; fields: Readonly<Record<string, string>> };

export function useFamily(token: string | null) {
  const [state, setState] = useState<FamilyState>(token ? { status: 'loading' } : { status: 'invalid' });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) => {
      if (!token) return;
      setState({ status: 'loading' });
      getFamily(token, signal)
        .then((family) => setState({ status: 'ready', family }))
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          if (error instanceof ApiClientError && error.status === 410) setState({ status: 'expired' });
          else if (error instanceof ApiClientError && error.status === 400) setState({ status: 'invalid' });
          else
            setState({
              status: 'failed',
              message: error instanceof Error ? error.message : familyTexts.changeFailed,
            });
        });
    },
    [token],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const change = useCallback(
    async (send: (token: string) => Promise<FamilyRegistration>): Promise<ChangeOutcome> => {
      if (!token || busy) return { ok: false, message: familyTexts.changeFailed, fields: {} };
      setBusy(true);
      setSaved(false);
      try {
        const family = await send(token);
        setState({ status: 'ready', family });
        setSaved(true);
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 410) setState({ status: 'expired' });
        const message = error instanceof Error ? error.message : familyTexts.changeFailed;
        return { ok: false, message, fields: error instanceof ApiClientError ? (error.fields ?? {}) : {} };
      } finally {
        setBusy(false);
      }
    },
    [token, busy],
  );

  return { state, busy, saved, change, retry: () => load() };
}
