import type { LoadState } from '#src/lib/use-load';

type AuthApiStatusProps = { state: Exclude<LoadState<unknown>, { status: 'ready' }>; onRetry: () => void };

/** What an account page shows until it knows where the auth server is (GET /api/public/client-config). */
export function AuthApiStatus({ state, onRetry }: AuthApiStatusProps) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        Loading…
      </p>
    );
  }
  return (
    <div role="alert" className="notice notice--error">
      <p>{state.message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
