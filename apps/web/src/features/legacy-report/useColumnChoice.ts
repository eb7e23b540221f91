import { useCallback, useState } from 'react';
import { parseColumnChoice, serializeColumnChoice, type ColumnChoice } from './report-columns';

/** The monitoring report's column choice, kept in the browser per screen (localStorage). */
export function useColumnChoice(storageKey: string) {
  const [choice, setChoiceState] = useState<ColumnChoice>(() =>
    parseColumnChoice(globalThis.localStorage?.getItem(storageKey) ?? null),
  );
  const setChoice = useCallback(
    (next: ColumnChoice) => {
      const stored = serializeColumnChoice(next);
      if (stored === null) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, stored);
      setChoiceState(next);
    },
    [storageKey],
  );
  return [choice, setChoice] as const;
}
