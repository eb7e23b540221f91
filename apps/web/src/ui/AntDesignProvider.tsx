import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import thTH from 'antd/es/locale/th_TH';
import dayjs from 'dayjs';
import 'dayjs/locale/th';
import { useLanguage } from '../platform/i18n/I18nProvider';
import type { Language } from '../platform/i18n/language';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

const ANT_LOCALES = { en: enUS, th: thTH } as const;
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', th: 'th' };

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5bd6',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans Thai', 'Sarabun', 'Leelawadee UI', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', bodyBg: '#f3f5f9' },
  },
};

/**
 * Ant Design's theme and locale (and dayjs's) following the chosen language, and antd's `<App>` so that
 * pages can use `App.useApp()` for modal, message and notification. Without motion when the user's
 * system asks for reduced motion (the browser suite does too: no click races an opening animation).
 */
export function AntDesignProvider({
  children,
  motion = true,
}: {
  children: ReactNode;
  /** Off in the unit tests: an element mid-animation takes no clicks, and jsdom ends no animation. */
  motion?: boolean;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const animated = motion && !reducedMotion;
  const { language } = useLanguage();
  dayjs.locale(DAYJS_LOCALES[language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ConfigProvider
      locale={ANT_LOCALES[language]}
      theme={animated ? theme : { ...theme, token: { ...theme.token, motion: false } }}
    >
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
