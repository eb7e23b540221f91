import { Flex, Layout, Typography } from 'antd';
import { LanguageSwitch } from '../platform/i18n/LanguageSwitch';
import { DailyReport } from '../features/reports';

/**
 * /report: the Daily Report outside the main layout, for embedding in the portal (DESIGN §7) — a
 * full page with the language switch; the session guard still applies.
 */
export function StandaloneReportPage() {
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
      <Layout.Content style={{ padding: 24, minWidth: 0 }}>
        <DailyReport />
      </Layout.Content>
    </Layout>
  );
}
