export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'LIS_LANGUAGE';

export function storedLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  return saved === 'th' ? 'th' : 'en';
}

/** A dictionary per feature: the Thai one must have exactly the English one's keys. */
export type Dictionary<K extends string> = Record<K, string>;
export interface Messages<K extends string> {
  en: Dictionary<K>;
  th: Dictionary<K>;
}

/** Fills `{name}` placeholders. */
export function format(template: string, values?: Record<string, string | number>): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** One key per plural form of a count; Thai has none ("ผู้ใช้ 1 คน"), so its two messages are the same. */
export interface PluralKeys<K extends string> {
  one: K;
  other: K;
}

/** The message key for a count by the language's plural rules: `plural('en', 1, …)` → `one`. */
export function plural<K extends string>(language: Language, count: number, keys: PluralKeys<K>): K {
  return new Intl.PluralRules(language).select(count) === 'one' ? keys.one : keys.other;
}
