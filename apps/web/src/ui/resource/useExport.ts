import { useCallback, useState } from 'react';
import { saveBlob } from '../../platform/api/download';
import { useLatest } from './useLatest';

interface ExportOptions<F> {
  /** How many rows the criteria match (a page of one is asked for). */
  count: (filters: F) => Promise<number>;
  /** The server's file; null when it has nothing to export after all. */
  download: (filters: F) => Promise<{ blob: Blob; fileName: string } | null>;
  /** Nothing matches: the screen's 'No Content' dialog. */
  onNoContent: () => void;
  onError: (error: unknown) => void;
}

/** Export Excel of a list (spec 001 §5): 'No Content' when nothing matches, else the server's workbook. */
export function useExport<F>(options: ExportOptions<F>) {
  const latest = useLatest(options);
  const [exporting, setExporting] = useState(false);
  const exportFile = useCallback(
    async (filters: F) => {
      const { count, download, onNoContent, onError } = latest.current;
      setExporting(true);
      try {
        if ((await count(filters)) === 0) return onNoContent();
        const file = await download(filters);
        if (!file) return onNoContent();
        saveBlob(file.blob, file.fileName);
      } catch (error) {
        onError(error);
      } finally {
        setExporting(false);
      }
    },
    [latest],
  );
  return { exporting, exportFile };
}
