import { message, type Language, type MessageKey } from '../../i18n/messages.js';
import { HttpError } from '../../http/http-error.js';

/** The error a server-configuration check throws: a status and the caller's-language message. */
export function configError(
  status: number,
  lang: Language,
  key: MessageKey,
  values?: Record<string, string | number>,
): HttpError {
  return new HttpError(status, message(lang, key, values));
}
