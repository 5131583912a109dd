/**
 * False until the browser has painted what this component's first render drew, then true. For
 * work that should not hold that paint back: fetching and running a chunk the first screenful does
 * not need (the checkout form below its order summary).
 */
import { useEffect, useState } from 'react';

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the next paint; a timeout from there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
