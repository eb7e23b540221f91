import crypto from 'node:crypto';

const MARK = '.lis-part-';
const TEMPORARY_NAME = /^\..*\.lis-part-[0-9a-f]{12}$/s;
const MAX_NAME_BYTES = 255;

/**
 * `.{name}.lis-part-{12 hex}`: the name a file has while it is being written, in the folder of its final
 * name (so the final rename stays on one file system). Hidden, and never matching the final name; a
 * long name is shortened so the result stays within 255 bytes.
 */
export function temporaryName(finalName: string): string {
  const suffix = `${MARK}${crypto.randomBytes(6).toString('hex')}`;
  let base = finalName;
  while (Buffer.byteLength(`.${base}${suffix}`) > MAX_NAME_BYTES) base = base.slice(0, -1);
  return `.${base}${suffix}`;
}

/** Whether a name is one of our (or another LIS node's) files being written. */
export function isTemporaryName(name: string): boolean {
  return TEMPORARY_NAME.test(name);
}
