import { useState } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@lis/contracts';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { rememberedOrigin } from '../../platform/auth/sign-in-location';
import { sessionStatus } from '../../platform/auth/session-status';
import { useSsoEnv } from '../../platform/auth/sso-env';
import { useT } from '../../platform/i18n/I18nProvider';
import { readSession, writeSession } from '../../platform/session/session';
import { AuthPageFrame } from './AuthPageFrame';
import { LoginForm } from './LoginForm';
import { signInMessages } from './sign-in-messages';
import { SsoFrame } from './SsoFrame';

/**
 * /auth/signin and /Login: the portal's sign-on page in a frame when single sign-on is configured
 * (with a link to the form), else the LIS login form. Afterwards, back to where the visitor came from.
 */
export function SignInScreen() {
  const t = useT(signInMessages);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ssoEnv = useSsoEnv();
  const [preferForm, setPreferForm] = useState(false);
  const destination = rememberedOrigin(location.state, location.search);

  if (sessionStatus(readSession()) === 'valid') return <Navigate to={destination} replace />;

  const signedIn = (session: LoginResponse) => {
    writeSession(session);
    queryClient.clear();
    navigate(destination, { replace: true });
  };
  const ssoWeb = ssoEnv.data?.ssO_WEB.trim() ?? '';
  const showFrame = Boolean(ssoWeb) && !preferForm;

  return (
    <AuthPageFrame wide={showFrame}>
      {ssoEnv.isLoading ? (
        <Flex justify="center" style={{ paddingBlock: 48 }}>
          <Spin />
        </Flex>
      ) : showFrame ? (
        <Flex vertical gap={12}>
          <SsoFrame ssoWeb={ssoWeb} redirectToken={ssoEnv.data?.ssO_REDIRECT_TOKEN ?? ''} />
          <Button
            type="link"
            size="small"
            onClick={() => setPreferForm(true)}
            style={{ alignSelf: 'center' }}
          >
            {t('useAccountForm')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('signInTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('signInSubtitle')}</Typography.Text>
          </div>
          <LoginForm onSignedIn={signedIn} />
          {ssoWeb && (
            <Button
              type="link"
              size="small"
              onClick={() => setPreferForm(false)}
              style={{ alignSelf: 'center' }}
            >
              {t('useSingleSignOn')}
            </Button>
          )}
        </Flex>
      )}
    </AuthPageFrame>
  );
}
