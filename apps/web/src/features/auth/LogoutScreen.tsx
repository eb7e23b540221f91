import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../platform/api/endpoint-client';
import { safeExternalUrl } from '../../platform/auth/safe-redirect';
import { useSsoEnv } from '../../platform/auth/sso-env';
import { useT } from '../../platform/i18n/I18nProvider';
import { SIGN_IN_PATH } from '../../platform/screens/screens';
import { clearSession, readSession } from '../../platform/session/session';
import { AuthPageFrame } from './AuthPageFrame';
import { sessionPageMessages } from './sign-in-messages';

/**
 * /logout ("Back to Portal"): revokes the token on the server (a failure changes nothing), clears the
 * session in this browser, then offers the portal (when configured) or signing in again.
 */
export function LogoutScreen() {
  const t = useT(sessionPageMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ssoEnv = useSsoEnv();
  const [signingOut, setSigningOut] = useState(() => readSession() !== null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!readSession()) return;
    // The request takes the token now, so the session can be cleared at once.
    const revoke = call('POST /v1/auth/logout').catch(() => undefined);
    clearSession();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'sso-env' });
    void revoke.finally(() => setSigningOut(false));
  }, [queryClient]);

  const portalUrl = safeExternalUrl(ssoEnv.data?.portal_url);
  if (signingOut || ssoEnv.isLoading) {
    return (
      <AuthPageFrame>
        <Flex vertical align="center" gap={16} style={{ paddingBlock: 32 }}>
          <Spin size="large" />
          <Typography.Text type="secondary">{t('signingOut')}</Typography.Text>
        </Flex>
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame>
      <Result
        icon={<LogoutOutlined style={{ color: '#1d5bd6' }} />}
        title={t('signedOutTitle')}
        subTitle={t('signedOutText')}
        style={{ paddingInline: 0 }}
        extra={
          <Flex vertical gap={8}>
            {portalUrl && (
              <Button type="primary" size="large" block href={portalUrl} icon={<LogoutOutlined />}>
                {t('backToPortal')}
              </Button>
            )}
            <Button
              size="large"
              block
              type={portalUrl ? 'default' : 'primary'}
              icon={<LoginOutlined />}
              onClick={() => navigate(SIGN_IN_PATH)}
            >
              {t('signInAgain')}
            </Button>
          </Flex>
        }
      />
    </AuthPageFrame>
  );
}
