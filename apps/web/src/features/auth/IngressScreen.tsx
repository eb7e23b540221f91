import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { PortalExchangeRequest } from '@lis/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/api/endpoint-client';
import { appUrl, routerBasename } from '../../platform/base-path';
import { useT } from '../../platform/i18n/I18nProvider';
import { withLoading } from '../../platform/loading/loading-store';
import { SIGN_IN_PATH } from '../../platform/screens/screens';
import { writeSession } from '../../platform/session/session';
import { useErrorText } from '../../ui/useErrorDialog';
import { AuthPageFrame } from './AuthPageFrame';
import { addressWithoutToken, ingressTarget } from './ingress-target';
import { sessionPageMessages } from './sign-in-messages';

/** Inside the sign-on frame of the login page, the console must open in the whole window. */
function openInTopWindow(path: string): boolean {
  try {
    if (!window.top || window.top === window.self) return false;
    window.top.location.assign(appUrl(path));
    return true;
  } catch {
    return false; // a foreign page frames us: stay in the frame
  }
}

/**
 * /ingress?token=…&redirect=…: trades the portal's token for a LIS session, removes the token from the
 * address, then opens the (safe) redirect target or '/'.
 */
export function IngressScreen() {
  const t = useT(sessionPageMessages);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [handover] = useState(() => ({ token: params.get('token'), redirect: params.get('redirect') }));
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', addressWithoutToken(window.location.href));
    if (!handover.token) {
      setFailure(t('ingressMissingToken'));
      return;
    }
    const request: PortalExchangeRequest = { token: handover.token };
    withLoading(call('POST /v1/auth/portal-exchange', { body: request }))
      .then((session) => {
        writeSession(session);
        queryClient.clear();
        const target = ingressTarget(handover.redirect, routerBasename());
        if (!openInTopWindow(target)) navigate(target, { replace: true });
      })
      .catch((error: unknown) => setFailure(errorText(error)));
  }, [handover, navigate, queryClient, t, errorText]);

  return (
    <AuthPageFrame>
      {failure === null ? (
        <Flex vertical align="center" gap={16} style={{ paddingBlock: 32 }}>
          <Spin size="large" />
          <Typography.Text type="secondary">{t('ingressWorking')}</Typography.Text>
        </Flex>
      ) : (
        <Result
          status="error"
          title={t('ingressFailed')}
          subTitle={failure}
          style={{ paddingInline: 0 }}
          extra={
            <Button type="primary" href={appUrl(SIGN_IN_PATH)} target="_top">
              {t('signInAgain')}
            </Button>
          }
        />
      )}
    </AuthPageFrame>
  );
}
