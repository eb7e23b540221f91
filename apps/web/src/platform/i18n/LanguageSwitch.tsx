import { useQueryClient } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { LANGUAGES, type Language } from './language';
import { useLanguage } from './I18nProvider';

const LABELS: Record<Language, string> = { en: 'EN', th: 'ไทย' };
const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LABELS[language] }));

/**
 * EN / ไทย; the choice is remembered in localStorage by the I18nProvider. The server writes run messages
 * and log lines in the language of the request (Accept-Language): what is on screen is asked again.
 */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { language, setLanguage } = useLanguage();
  const queries = useQueryClient();
  const choose = (next: Language) => {
    setLanguage(next);
    void queries.invalidateQueries();
  };
  return (
    <Segmented<Language>
      aria-label="Language / ภาษา"
      size={size}
      options={OPTIONS}
      value={language}
      onChange={choose}
    />
  );
}
