import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { format, LANGUAGE_STORAGE_KEY, storedLanguage, type Language, type Messages } from './language';

interface I18nState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const I18nContext = createContext<I18nState | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    document.documentElement.lang = next;
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useLanguage(): I18nState {
  const state = useContext(I18nContext);
  if (!state) throw new Error('useLanguage outside I18nProvider');
  return state;
}

/**
 * `const t = useT(employeeMessages); t('title')` — each feature owns its messages (en and th with the
 * same keys, checked by the compiler).
 */
export function useT<K extends string>(messages: Messages<K>) {
  const { language } = useLanguage();
  return useCallback(
    (key: K, values?: Record<string, string | number>) => format(messages[language][key], values),
    [messages, language],
  );
}
