import crypto from 'node:crypto';
import os from 'node:os';

/** `{hostname}:{pid}:{random}`: unique even when a pid is reused after a restart. */
export function createNodeId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}
