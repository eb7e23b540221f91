import { Segmented } from 'antd';
import { LANGUAGES, type Language } from './language';
import { useLanguage } from './I18nProvider';

const LABELS: Record<Language, string> = { en: 'EN', th: 'ไทย' };
const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LABELS[language] }));

/** EN / ไทย; the choice is remembered in localStorage by the I18nProvider. */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { language, setLanguage } = useLanguage();
  return (
    <Segmented<Language>
      aria-label="Language / ภาษา"
      size={size}
      options={OPTIONS}
      value={language}
      onChange={setLanguage}
    />
  );
}
