import { useEffect, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { LanguageSwitch } from '../../platform/i18n/LanguageSwitch';
import { signInMessages } from './sign-in-messages';
import './auth-page.css';

export interface AuthPageFrameProps {
  children: ReactNode;
  /** Wider card, for the embedded sign-on page. */
  wide?: boolean;
}

/** The frame of the sign-in, ingress and logout pages: product name, language switch, centred card. */
export function AuthPageFrame({ children, wide = false }: AuthPageFrameProps) {
  const t = useT(signInMessages);
  const productTitle = t('productTitle');
  useEffect(() => {
    document.title = productTitle;
  }, [productTitle]);
  return (
    <div className="lis-auth-page">
      <div className="lis-auth-page__bar">
        <Flex align="center" gap={10}>
          <img src="./favicon.svg" alt="" width={28} height={28} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            LIS
          </Typography.Text>
        </Flex>
        <LanguageSwitch size="middle" />
      </div>
      <main className="lis-auth-page__main">
        <Card
          className={`lis-auth-page__card${wide ? ' lis-auth-page__card--wide' : ''}`}
          variant="borderless"
        >
          <Flex vertical gap={4} style={{ marginBottom: 24 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('productTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('productSubtitle')}</Typography.Text>
          </Flex>
          {children}
        </Card>
      </main>
      <footer className="lis-auth-page__footer">{t('footer')}</footer>
    </div>
  );
}
