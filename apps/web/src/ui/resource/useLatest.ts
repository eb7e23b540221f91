import { useEffect, useRef } from 'react';

/** A ref that always holds the latest value, so callbacks can stay stable while options change. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
