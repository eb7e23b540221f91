import crypto from 'node:crypto';
import { wallClock } from '../../platform/wall-clock.js';

const INSTANCE_NO_LENGTH = 160;
const SUFFIX_LENGTH = 4;
/** `_` + yyyyMMddHHmmss + `_` + 4 characters. */
const FIXED_PART_LENGTH = 1 + 14 + 1 + SUFFIX_LENGTH;

/** yyyyMMddHHmmss of `at` in `timeZone`. */
export function timeStamp(at: number, timeZone: string): string {
  const t = wallClock(at, timeZone);
  return `${t.year}${t.month}${t.day}${t.hour}${t.minute}${t.second}`;
}

export function randomBase36(length: number, random: (size: number) => Buffer = crypto.randomBytes): string {
  return [...random(length)].map((byte) => (byte % 36).toString(36)).join('');
}

/**
 * A readable, unique run number: `{legacyId}_{yyyyMMddHHmmss in the zone}_{4 random base-36}`,
 * at most 160 characters (a long legacy id is cut). The random part keeps two runs of one job in
 * the same second apart; the column's unique index catches the rare clash.
 */
export function jobInstanceNo(
  legacyId: string,
  at: number,
  timeZone: string,
  random: (size: number) => Buffer = crypto.randomBytes,
): string {
  const id = legacyId.slice(0, INSTANCE_NO_LENGTH - FIXED_PART_LENGTH);
  return `${id}_${timeStamp(at, timeZone)}_${randomBase36(SUFFIX_LENGTH, random)}`;
}
