import { UnorderedListOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { Alert as Notice, Button, Tabs } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useTotalText } from '../../ui/resource/ResourceTable';
import { useAdminCompanies } from '../companies';
import { ALERT_TABS, type AlertTab } from './alert-filters';
import { alertsMessages, TOTAL_KEYS } from './alerts.i18n';
import { AcknowledgeModal } from './AcknowledgeModal';
import { AlertFilters } from './AlertFilters';
import { AlertTable } from './AlertTable';
import { useAlertList } from './useAlertList';
import { useResendDelivery } from './useResendDelivery';

const TAB_KEYS: Record<AlertTab, 'tabOpen' | 'tabAcknowledged' | 'tabHistory'> = {
  open: 'tabOpen',
  acknowledged: 'tabAcknowledged',
  history: 'tabHistory',
};

/**
 * Alerts (issue 35, route /alerts, every role): the open alerts of the user's companies, those
 * acknowledged, and the whole history; filters; each alert's deliveries, *Resend* beside a failed one
 * for administrators; Acknowledge with a comment. `/alerts?event=<event id>` — the link an alert is
 * sent with — shows that one alert with its deliveries open, and *Show all alerts* leads back.
 */
export function AlertsScreen() {
  const t = useT(alertsMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const companies = useAdminCompanies();
  const state = useAlertList();
  const resend = useResendDelivery();
  const { list, page, event } = state;
  const notFound = event !== undefined && !list.isPending && !list.isFetching && list.rows.length === 0;

  return (
    <PageContainer title={t('title')}>
      {event === undefined ? (
        <>
          <AlertFilters
            companies={companies.options}
            companiesLoading={companies.loading}
            searching={list.isFetching}
            onSearch={state.search}
          />
          <Tabs
            activeKey={state.tab}
            onChange={(key) => state.changeTab(key as AlertTab)}
            items={ALERT_TABS.map((tab) => ({ key: tab, label: t(TAB_KEYS[tab]) }))}
            data-testid="alerts-tabs"
          />
        </>
      ) : (
        <Notice
          type={notFound ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="alert-event-notice"
          role="status"
          title={t(notFound ? 'eventNotFound' : 'eventShown', { event })}
          action={
            <Button size="small" icon={<UnorderedListOutlined />} onClick={state.showAll}>
              {t('showAll')}
            </Button>
          }
        />
      )}
      <AlertTable
        list={list}
        onAcknowledge={state.startAcknowledge}
        resend={resend}
        expandedEvent={event}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.total,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showTotal: totalText,
          onChange: state.changePage,
        }}
      />
      <AcknowledgeModal
        alert={state.acknowledging}
        saving={state.saving}
        onAcknowledge={state.acknowledge}
        onClose={state.cancelAcknowledge}
      />
    </PageContainer>
  );
}
