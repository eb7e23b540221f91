import { renderMessage, type KeyedMessage, type Language } from '../i18n/messages.js';
import { renderStoredRunText, type WithStoredMessage } from '../i18n/run-message.js';

/**
 * A row as the reader sees it: its `message` rendered from the stored key and parameters in the
 * reader's language (Accept-Language), the stored columns dropped. Rows without a key read as stored.
 */
export function inReaderLanguage<T extends { message: string }>(
  language: Language,
  row: T & WithStoredMessage,
): T {
  const { storedMessage, ...rest } = row;
  return { ...rest, message: renderStoredRunText(language, storedMessage) } as unknown as T;
}

/** A service's answer with its `message` (a keyed message) rendered in the reader's language. */
export function answerInLanguage<T extends { message: KeyedMessage }>(
  language: Language,
  answer: T,
): Omit<T, 'message'> & { message: string } {
  return { ...answer, message: renderMessage(language, answer.message) };
}

/** Rows (tiles, checks) whose keyed `message` is rendered in the reader's language. */
export function rowsInLanguage<T extends { message: KeyedMessage }>(
  language: Language,
  rows: readonly T[],
): (Omit<T, 'message'> & { message: string })[] {
  return rows.map((row) => answerInLanguage(language, row));
}
