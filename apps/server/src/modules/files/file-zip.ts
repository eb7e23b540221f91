import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { ZIP_MAX_BYTES, ZIP_MAX_FILES } from '@lis/contracts';
import { zipEntryName } from './file-name.js';
import { notFound, tooLarge } from '../../platform/domain-error.js';

/** One file of a zip: where it goes in the archive, and how to read it when its turn comes. */
export interface ZipItem {
  /** Plain names (a folder and a name, or just a name); each is sanitised. */
  segments: string[];
  /** Bytes (checked against what is streamed), or an estimate when `sizeIsEstimate`. */
  size: number;
  /** The size is the source's rounded figure (a DMS file's kilobytes): counted for the limits only. */
  sizeIsEstimate?: boolean;
  mtime: Date;
  open(signal: AbortSignal): Promise<Readable>;
}

const MB = 1024 * 1024;

/** 404 when there is nothing, 413 past ZIP_MAX_FILES files or ZIP_MAX_BYTES bytes, before any byte is sent. */
export function checkZipLimits(items: readonly ZipItem[]): void {
  if (items.length === 0) throw notFound('DOWNLOAD_EMPTY', 'fileNothingToZip');
  const bytes = items.reduce((sum, item) => sum + item.size, 0);
  if (items.length > ZIP_MAX_FILES || bytes > ZIP_MAX_BYTES)
    throw tooLarge('DOWNLOAD_TOO_LARGE', 'fileZipTooLarge', {
      files: items.length,
      mb: Math.ceil(bytes / MB),
      maxFiles: ZIP_MAX_FILES,
      maxMb: ZIP_MAX_BYTES / MB,
    });
}

/**
 * A streaming zip of the items: each file is opened only when the archive reaches it (one at a
 * time), its size is checked, and `onClose` runs once the archive has ended, failed or been abandoned
 * by the client (a failure mid-way cuts the response; the status has already been sent).
 */
export function zipStream(items: readonly ZipItem[], onClose: () => void): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const controller = new AbortController();
  const fail = (error: unknown) => {
    if (!output.destroyed) output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  output.once('close', () => {
    controller.abort();
    onClose();
  });
  const taken = new Set<string>();
  for (const item of items) {
    zip.addReadStreamLazy(
      zipEntryName(item.segments, taken),
      item.sizeIsEstimate ? { mtime: item.mtime } : { size: item.size, mtime: item.mtime },
      (done) => {
        item.open(controller.signal).then(
          (stream) => {
            stream.once('error', fail);
            done(null, stream);
          },
          (error: unknown) => fail(error),
        );
      },
    );
  }
  zip.end();
  return output;
}
