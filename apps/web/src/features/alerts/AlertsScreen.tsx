import { PAGE_SIZES } from '@lis/contracts';
import { Tabs } from 'antd';
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

const TAB_KEYS: Record<AlertTab, 'tabOpen' | 'tabAcknowledged' | 'tabHistory'> = {
  open: 'tabOpen',
  acknowledged: 'tabAcknowledged',
  history: 'tabHistory',
};

/**
 * Alerts (issue 35, route /alerts, every role): the open alerts of the user's companies, those
 * acknowledged, and the whole history; filters; each alert's deliveries; Acknowledge with a comment.
 */
export function AlertsScreen() {
  const t = useT(alertsMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const companies = useAdminCompanies();
  const state = useAlertList();
  const { list, page } = state;

  return (
    <PageContainer title={t('title')}>
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
      <AlertTable
        list={list}
        onAcknowledge={state.startAcknowledge}
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
