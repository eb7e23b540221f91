import { saveBlob } from '../platform/api/download';

/** Saves CSV text (already carrying its byte-order mark) as a file through the browser's download. */
export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
