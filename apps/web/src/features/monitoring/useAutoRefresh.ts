import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 §9: the intervals offered, in milliseconds; 30 s by default. */
export const REFRESH_INTERVALS = [10_000, 20_000, 30_000, 60_000] as const;
export const DEFAULT_REFRESH_INTERVAL = 30_000;

/**
 * The report's auto refresh (spec 000 §2, §4): while switched on and not held, `reload` runs every
 * `interval`. Acting on a job or focusing a row control holds it; `restart` (a reload) releases it.
 * `enabledAtStart`: the switch's first position (off on the manual report).
 */
export function useAutoRefresh(reload: () => void, enabledAtStart = true) {
  const [enabled, setEnabled] = useState(enabledAtStart);
  const [interval, setIntervalMs] = useState<number>(DEFAULT_REFRESH_INTERVAL);
  const [held, setHeld] = useState(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  const running = enabled && !held;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => reloadRef.current(), interval);
    return () => clearInterval(timer);
  }, [running, interval]);

  const hold = useCallback(() => setHeld(true), []);
  const restart = useCallback(() => setHeld(false), []);
  /** The switch (issue 17: it shows `running`, so OFF while held); switching it on releases a hold. */
  const switchTo = useCallback((on: boolean) => {
    setEnabled(on);
    if (on) setHeld(false);
  }, []);
  return {
    enabled,
    setEnabled,
    switchTo,
    interval,
    setInterval: setIntervalMs,
    held,
    running,
    hold,
    restart,
  };
}

export type AutoRefresh = ReturnType<typeof useAutoRefresh>;
