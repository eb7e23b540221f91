import { saveBlob } from '../../platform/api/download';

/** Saves text as a UTF-8 file (no byte-order mark) through the browser's download. */
export function saveTextFile(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
