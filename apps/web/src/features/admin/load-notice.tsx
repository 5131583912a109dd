/**
 * A back-office page's data while it loads or when it could not: "Loading the claim…" as a status,
 * or the failure in words with "Try again". Nothing once it is there: the page shows it.
 */
type LoadNoticeProps = {
  state: { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };
  /** What is loading, as the sentence says it: 'the claim', 'the rates'. */
  what: string;
  onRetry: () => void;
};

export function LoadNotice({ state, what, onRetry }: LoadNoticeProps) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        {`Loading ${what}…`}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="notice notice--error">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}
