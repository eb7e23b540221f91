/**
 * Reads a zip's central directory (an .xlsx is a zip) without inflating anything, so that a zip
 * bomb is refused before a spreadsheet library expands it in memory.
 */
export interface ZipSummary {
  entries: number;
  uncompressedBytes: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

export function summariseZip(buffer: Buffer): ZipSummary | undefined {
  const minEnd = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let i = buffer.length - 22; i >= minEnd; i--) {
    if (buffer.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  let uncompressedBytes = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) return undefined;
    const size = buffer.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return undefined; // zip64: never needed for a user list
    uncompressedBytes += size;
    offset +=
      46 +
      buffer.readUInt16LE(offset + 28) +
      buffer.readUInt16LE(offset + 30) +
      buffer.readUInt16LE(offset + 32);
  }
  return { entries, uncompressedBytes };
}
