import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { canOpen, HOME_PATH, minimumRole, type ScreenKey } from '../../platform/screens/screens';
import { authMessages } from './auth-messages';
import { useCurrentUser } from '../../platform/auth/current-user-context';

/**
 * Shows a screen only to the roles that may open it (the server refuses the others anyway). Screens
 * open to every user render at once; the others wait for the role.
 */
export function RequireRole({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const { role, loading, found } = useCurrentUser();
  const navigate = useNavigate();
  const t = useT(authMessages);
  if (minimumRole(screen) === 'user') return <>{children}</>;
  if (loading || !found) return null;
  if (canOpen(screen, role)) return <>{children}</>;
  return (
    <Result
      status="403"
      title={t('forbiddenTitle')}
      subTitle={t('forbiddenText')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('backToHome')}
        </Button>
      }
    />
  );
}
