import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { LoadState } from '#src/lib/use-load';

type AuthApiStatusProps = { state: Exclude<LoadState<unknown>, { status: 'ready' }>; onRetry: () => void };

/** What an account page shows until it knows where the auth server is (GET /api/public/client-config). */
export function AuthApiStatus({ state, onRetry }: AuthApiStatusProps) {
  const { i18n } = useLingui();
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        {i18n._('Loading…')}
      </p>
    );
  }
  return (
    <div role="alert" className="notice notice--error">
      <p>{knownText(i18n, state.message)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {i18n._('Try again')}
      </button>
    </div>
  );
}
