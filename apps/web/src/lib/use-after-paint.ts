/**
 * False until the browser has painted what this component's first render drew, then true. For
 * work that should not hold that paint back: fetching and running a chunk the first screenful does
 * not need (the checkout form below its order summary).
 */
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the next paint; a timeout from there runs after it.
    // As a transition, what the change brings in (a whole form) renders in slices that yield to the
    // browser rather than in one long task.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
