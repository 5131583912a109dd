/**
 * `load`, started by the first call and shared by every later one. A failure is forgotten, so the
 * next call tries again (a chunk whose download a dropped connection cut short).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
