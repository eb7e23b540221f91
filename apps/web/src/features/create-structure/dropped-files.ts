import { CONVERTER_MAX_FILE_BYTES } from '@lis/converter';

/** A file dropped on the screen, kept in the browser until it is converted (DESIGN §7). */
export interface DroppedFile {
  /** A running number: it stays the same when other rows are deleted. */
  id: number;
  file: File;
  name: string;
  size: number;
  /**
   * Where it came from, as the old tool's drop zone showed it: the path inside a dropped folder
   * (`webkitRelativePath`), else just the name — a browser never tells the real disk path.
   */
  path: string;
  /** The MIME type the browser guessed; often '' for .txt variants or fixed-width files. */
  type: string;
}

export interface AddedFiles {
  files: DroppedFile[];
  nextId: number;
  /** Over CONVERTER_MAX_FILE_BYTES (spec §9): not added. */
  tooLarge: File[];
  /** The very same file (name, size, modification time) already in the list: not added twice. */
  duplicates: File[];
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds a batch of dropped files to the list, refusing the ones too large and the ones already there. */
export function addDroppedFiles(
  current: readonly DroppedFile[],
  batch: readonly File[],
  nextId: number,
): AddedFiles {
  const files = [...current];
  const tooLarge: File[] = [];
  const duplicates: File[] = [];
  let id = nextId;
  for (const file of batch) {
    if (file.size > CONVERTER_MAX_FILE_BYTES) tooLarge.push(file);
    else if (files.some((kept) => sameFile(kept.file, file))) duplicates.push(file);
    else
      files.push({
        id: id++,
        file,
        name: file.name,
        size: file.size,
        path: file.webkitRelativePath || file.name,
        type: file.type,
      });
  }
  return { files, nextId: id, tooLarge, duplicates };
}
