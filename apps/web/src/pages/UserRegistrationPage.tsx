import { useT } from '../platform/i18n/I18nProvider';
import { screenMessages } from '../platform/screens/screen-messages';
import { NotImplementedNotice } from '../ui/NotAvailableNotice';
import { PageContainer } from '../ui/PageContainer';

/** /user-registration: the spec's "not yet implemented" notice. */
export function UserRegistrationPage() {
  const t = useT(screenMessages);
  return (
    <PageContainer title={t('user-registration')}>
      <NotImplementedNotice />
    </PageContainer>
  );
}
