import { useLingui } from '#src/lib/i18n/use-lingui';
/** Where a screen's bucket-dependent part goes until the bucket has been read (and in the pre-rendered page). */
export function BucketLoading() {
  const { i18n } = useLingui();
  return (
    <p role="status" className="notice">
      {i18n._('Loading your bucket…')}
    </p>
  );
}
