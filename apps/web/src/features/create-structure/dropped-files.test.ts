import { CONVERTER_MAX_FILE_BYTES } from '@lis/converter';
import { describe, expect, it } from 'vitest';
import { addDroppedFiles } from './dropped-files';

const fileOf = (name: string, size: number, type = 'text/plain', lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type, lastModified });

describe('addDroppedFiles', () => {
  it('adds files with running ids, their size, name, path (the name) and type', () => {
    const added = addDroppedFiles([], [fileOf('a.csv', 3, 'text/csv'), fileOf('b.txt', 5, '')], 1);
    expect(added.files.map(({ id, name, size, path, type }) => ({ id, name, size, path, type }))).toEqual([
      { id: 1, name: 'a.csv', size: 3, path: 'a.csv', type: 'text/csv' },
      { id: 2, name: 'b.txt', size: 5, path: 'b.txt', type: '' },
    ]);
    expect(added.nextId).toBe(3);
    expect(added.tooLarge).toEqual([]);
  });

  it('takes a file of exactly 5,242,880 bytes and refuses one byte more, keeping the others', () => {
    const limit = fileOf('limit.txt', CONVERTER_MAX_FILE_BYTES);
    const over = fileOf('over.txt', CONVERTER_MAX_FILE_BYTES + 1);
    const added = addDroppedFiles([], [limit, over, fileOf('small.txt', 1)], 7);
    expect(added.files.map((file) => [file.id, file.name])).toEqual([
      [7, 'limit.txt'],
      [8, 'small.txt'],
    ]);
    expect(added.tooLarge).toEqual([over]);
    expect(added.nextId).toBe(9);
  });

  it('does not add the very same file twice, but does add another file of the same name', () => {
    const first = addDroppedFiles([], [fileOf('a.csv', 3)], 1);
    const again = addDroppedFiles(first.files, [fileOf('a.csv', 3), fileOf('a.csv', 4)], first.nextId);
    expect(again.duplicates.map((file) => file.size)).toEqual([3]);
    expect(again.files.map((file) => [file.id, file.size])).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });
});
