import { displayFileName } from '@lis/contracts';
import { ACCOUNT_MESSAGES } from './account.messages.js';
import { ALERTS_MESSAGES } from './alerts.messages.js';
import { BACKUP_ACCESS_MESSAGES } from './backup-access.messages.js';
import { CALENDARS_MESSAGES } from './calendars.messages.js';
import { DEMO_MESSAGES } from './demo.messages.js';
import { DMS_FILES_MESSAGES } from './dms-files.messages.js';
import { EXPECTATIONS_MESSAGES } from './expectations.messages.js';
import { FILES_MESSAGES } from './files.messages.js';
import { JOB_TOOLS_MESSAGES } from './job-tools.messages.js';
import { JOBS_MESSAGES } from './jobs.messages.js';
import { LEGACY_API_MESSAGES } from './legacy-api.messages.js';
import { LIVE_EVENTS_MESSAGES } from './live-events.messages.js';
import { LOGS_MESSAGES } from './logs.messages.js';
import { MAIL_MESSAGES } from './mail.messages.js';
import { MAINTENANCE_MESSAGES } from './maintenance.messages.js';
import { PEOPLE_MESSAGES } from './people.messages.js';
import { PIPELINE_MESSAGES } from './pipeline.messages.js';
import { REPORTS_MESSAGES } from './reports.messages.js';
import { RETENTION_MESSAGES } from './retention.messages.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import { VALIDATION_MESSAGES } from './validation.messages.js';

/** Messages the server sends to people, in English and Thai (chosen by Accept-Language). */
const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  ...ALERTS_MESSAGES,
  ...BACKUP_ACCESS_MESSAGES,
  ...CALENDARS_MESSAGES,
  ...DEMO_MESSAGES,
  ...DMS_FILES_MESSAGES,
  ...EXPECTATIONS_MESSAGES,
  ...FILES_MESSAGES,
  ...JOB_TOOLS_MESSAGES,
  ...LEGACY_API_MESSAGES,
  ...LIVE_EVENTS_MESSAGES,
  ...LOGS_MESSAGES,
  ...MAIL_MESSAGES,
  ...MAINTENANCE_MESSAGES,
  ...REPORTS_MESSAGES,
  ...RETENTION_MESSAGES,
  ...PIPELINE_MESSAGES,
  ...SECURITY_MESSAGES,
  ...VALIDATION_MESSAGES,
  ...PEOPLE_MESSAGES,
  ...JOBS_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Whether a stored key (a row written by an older or newer version) is one of the catalogue's. */
export const isMessageKey = (key: unknown): key is MessageKey =>
  typeof key === 'string' && Object.hasOwn(MESSAGES, key);
export type Language = 'en' | 'th';

export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('th') ? 'th' : 'en';
}

export function message(
  language: Language,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const template: string = MESSAGES[key][language];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A parameter of a keyed message: data, a nested message, or a list of them (joined by `; `). */
export type MessageParam = string | number | KeyedMessage | readonly MessageParam[];
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A message of the catalogue with its parameters, rendered later in the reader's language. */
export interface KeyedMessage {
  readonly key: MessageKey;
  readonly params?: MessageParams | undefined;
}

/** `keyed('fileNotFound', { name })`: a message to render later (in a domain error, a check's result). */
export const keyed = (key: MessageKey, params?: MessageParams): KeyedMessage =>
  params === undefined ? { key } : { key, params };

function renderParam(language: Language, value: MessageParam): string {
  // Data (a partner's file name among them) is shown with its control and bidi characters escaped.
  if (typeof value === 'string') return displayFileName(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return (value as readonly MessageParam[]).map((item) => renderParam(language, item)).join('; ');
  return renderMessage(language, value as KeyedMessage);
}

/** A keyed message in a language; its nested messages too. The same text as `message()` for flat parameters. */
export function renderMessage(language: Language, keyedMessage: KeyedMessage): string {
  const { key, params } = keyedMessage;
  if (!params) return message(language, key);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = renderParam(language, value);
  return message(language, key, values);
}
