export type TextEncodingName = 'utf-8' | 'windows-874';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/**
 * Decodes a file's bytes with the standard `TextDecoder` (Node and browsers alike, no dependency):
 * - a UTF-8 byte-order mark means UTF-8: the mark is dropped, an invalid sequence after it becomes U+FFFD;
 * - bytes that are valid UTF-8 (plain ASCII included) are UTF-8;
 * - anything else is read as Thai windows-874 (TIS-620 plus the Windows extras), the only other encoding
 *   LIS receives. Its Thai letters are 0xA1–0xFB; the few bytes it leaves undefined decode as the
 *   WHATWG Encoding standard's table says (C1 controls, private-use characters), never as an error.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWithUtf8Bom(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-874').decode(bytes), encoding: 'windows-874' };
  }
}

/** The encoding `decodeText` would use for these bytes. */
export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  return startsWithUtf8Bom(bytes) || isValidUtf8(bytes) ? 'utf-8' : 'windows-874';
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function startsWithUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}
