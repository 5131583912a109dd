/**
 * The dashboard's "Monthly gifts" (issue 22): each of the account's gifts with its amount, cause,
 * center, next charge (or why there is none), card and history, and what the donor can do with it.
 * Read on its own, after the rest of the dashboard: a failure here leaves the rest standing.
 */
import type { MonthlyGift } from '@store/shared/monthly-giving';
import { useCallback, useEffect, useId, useState } from 'react';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { MonthlyGiftCard } from './monthly-gift-card';
import type { MonthlyGiftsApi } from './monthly-gifts-api';

export const MONTHLY_GIFTS = /*i18n*/ 'Monthly gifts';
export const NO_MONTHLY_GIFTS =
  /*i18n*/ 'You have no monthly gifts. Choose “Monthly” when you give to a cause or a concert tier, and it will show here.';

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; gifts: MonthlyGift[] };

export function MonthlyGifts({ api }: { api: MonthlyGiftsApi }) {
  const { i18n } = useLingui();
  const id = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const { gifts } = await api.list(signal);
        if (!signal?.aborted) setLoad({ status: 'ready', gifts });
      } catch (error) {
        if (signal?.aborted) return;
        setLoad({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return (
    <section className="account-section monthly-gifts" aria-labelledby={id}>
      <h2 id={id}>{i18n._(MONTHLY_GIFTS)}</h2>
      {load.status === 'loading' && (
        <p role="status" className="notice">
          {i18n._('Loading your monthly gifts…')}
        </p>
      )}
      {load.status === 'failed' && (
        <div role="alert" className="account-alert">
          <p>{i18n._('Your monthly gifts could not be loaded: {reason}', { reason: knownText(i18n, load.message) })}</p>
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            {i18n._('Try again')}
          </button>
        </div>
      )}
      {load.status === 'ready' &&
        (load.gifts.length === 0 ? (
          <p className="notice">{i18n._(NO_MONTHLY_GIFTS)}</p>
        ) : (
          <ul className="monthly-gifts__list">
            {load.gifts.map((gift) => (
              <li key={gift.id}>
                <MonthlyGiftCard gift={gift} api={api} onChanged={() => reload()} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
