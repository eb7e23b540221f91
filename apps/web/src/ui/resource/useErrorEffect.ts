import { useEffect } from 'react';
import { useLatest } from './useLatest';

/** Shows a failed load at once (spec 001 §8), once per failure, rather than after silent retries. */
export function useErrorEffect(error: unknown, show: (error: unknown) => void) {
  const showRef = useLatest(show);
  useEffect(() => {
    if (error) showRef.current(error);
  }, [error, showRef]);
}
