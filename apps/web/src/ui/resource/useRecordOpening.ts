import { useCallback, useState } from 'react';
import { useLatest } from './useLatest';

interface RecordOpeningOptions<Row, R> {
  /** The row's key, for the spinner on its Edit button. */
  key: (row: Row) => string;
  /** The whole record behind a list row. */
  fetch: (row: Row) => Promise<R>;
  open: (record: R) => void;
  onError: (error: unknown) => void;
  /** After a failure: the row may be gone, so the list is read again. */
  reload: () => unknown;
}

/** Spec 001 §4: an Edit that fetches the record first; `opening` is the row being fetched. */
export function useRecordOpening<Row, R>(options: RecordOpeningOptions<Row, R>) {
  const latest = useLatest(options);
  const [opening, setOpening] = useState<string | null>(null);
  const openRow = useCallback(
    async (row: Row) => {
      const { key, fetch, open, onError, reload } = latest.current;
      setOpening(key(row));
      try {
        open(await fetch(row));
      } catch (error) {
        onError(error);
        void reload();
      } finally {
        setOpening(null);
      }
    },
    [latest],
  );
  return { opening, openRow };
}
