import { useT } from '../platform/i18n/I18nProvider';
import { screenMessages } from '../platform/screens/screen-messages';
import type { ScreenKey } from '../platform/screens/screens';
import { NotAvailableNotice } from '../ui/NotAvailableNotice';
import { PageContainer } from '../ui/PageContainer';

/** The page of a screen that a later release builds. */
export function NotAvailableYetPage({ screen }: { screen: ScreenKey }) {
  const t = useT(screenMessages);
  return (
    <PageContainer title={t(screen)}>
      <NotAvailableNotice screenName={t(screen)} />
    </PageContainer>
  );
}
