import { useCallback, useState } from 'react';

/** The optional columns a user chose to see, read from localStorage; `undefined` when none is stored. */
function storedChoice<K extends string>(storageKey: string, optional: readonly K[]): K[] | undefined {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? 'null');
    if (!Array.isArray(stored)) return undefined;
    return optional.filter((key) => stored.includes(key));
  } catch {
    return undefined;
  }
}

/**
 * Issue 17: a wide table shows what matters at 1366 px and lets the user add the spec's other columns.
 * `optional` are the columns the user may switch on or off (the others always show); `shownAtFirst`
 * those of them shown until the user chooses. The choice is kept in localStorage under `storageKey`.
 */
export function useShownColumns<K extends string>(
  storageKey: string,
  optional: readonly K[],
  shownAtFirst: readonly K[] = [],
) {
  const [shown, setShownState] = useState<K[]>(
    () => storedChoice(storageKey, optional) ?? optional.filter((key) => shownAtFirst.includes(key)),
  );
  const setShown = useCallback(
    (next: readonly K[]) => {
      const kept = optional.filter((key) => next.includes(key));
      setShownState(kept);
      try {
        localStorage.setItem(storageKey, JSON.stringify(kept));
      } catch {
        // Private mode or a full storage: the choice lasts until the page is left.
      }
    },
    [optional, storageKey],
  );
  /** Whether the column `key` shows: always for a column that is not optional. */
  const isShown = useCallback(
    (key: string) => !(optional as readonly string[]).includes(key) || (shown as string[]).includes(key),
    [optional, shown],
  );
  return { shown, setShown, isShown };
}

export type ShownColumns<K extends string> = ReturnType<typeof useShownColumns<K>>;
