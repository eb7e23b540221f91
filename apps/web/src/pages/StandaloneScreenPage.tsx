import { Flex, Layout, Typography } from 'antd';
import { useT } from '../app/i18n/I18nProvider';
import { LanguageSwitch } from '../app/i18n/LanguageSwitch';
import { screenMessages } from '../app/routes/screen-messages';
import type { StandaloneScreen } from '../app/routes/screens';
import { NotAvailableNotice } from '../ui/NotAvailableNotice';
import { PageContainer } from '../ui/PageContainer';

/** /monitor and /report: full-screen pages outside the main layout (DESIGN §7), not built yet. */
export function StandaloneScreenPage({ screen }: { screen: StandaloneScreen }) {
  const t = useT(screenMessages);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e8ebf0' }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            LIS
          </Typography.Text>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <PageContainer title={t(screen)}>
          <NotAvailableNotice screenName={t(screen)} />
        </PageContainer>
      </Layout.Content>
    </Layout>
  );
}
