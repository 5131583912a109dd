/** Where a screen's bucket-dependent part goes until the bucket has been read (and in the pre-rendered page). */
export function BucketLoading() {
  return (
    <p role="status" className="notice">
      Loading your bucket…
    </p>
  );
}
