import { useEffect, useSyncExternalStore } from 'react';
import { Spin } from 'antd';
import { beginLoading, isLoading, subscribeLoading } from '../platform/loading/loading-store';

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribeLoading, isLoading, isLoading);
}

/** Holds the global loading flag while `active` is true (for a component's own pending work). */
export function useLoadingFlag(active: boolean): void {
  useEffect(() => (active ? beginLoading() : undefined), [active]);
}

/** The full-screen overlay with a spinner, shown while the loading flag is set (nothing otherwise). */
export function GlobalLoadingOverlay() {
  const loading = useGlobalLoading();
  return loading ? <Spin fullscreen spinning size="large" /> : null;
}
