import { useQuery } from '@tanstack/react-query';
import { Form, Select, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useAdminCompanies } from '../companies';
import { alertConfigKeys, fetchChannels, fetchRules } from './alert-config-api';
import { alertConfigMessages } from './alert-config.i18n';
import { ChannelFormModal } from './ChannelFormModal';
import { ChannelTable } from './ChannelTable';
import { ChannelTestModal } from './ChannelTestModal';
import { RuleFormModal } from './RuleFormModal';
import { RuleTable } from './RuleTable';
import { useChannelActions } from './useChannelActions';
import { useRuleActions } from './useRuleActions';

type Tab = 'channels' | 'rules';

/**
 * Alert Config (issue 35, route /alertconfig, admin): a company's alert channels (e-mail, webhook,
 * Teams, Slack; a test alert each) and its rules (which conditions of which jobs go to which channels,
 * and the escalation).
 */
export function AlertConfig() {
  const t = useT(alertConfigMessages);
  const companies = useAdminCompanies();
  const [chosen, setChosen] = useState<string>();
  const companyCode = chosen ?? companies.options[0]?.value ?? '';
  const companyLabel = (code: string) => companies.label(code);
  const [tab, setTab] = useState<Tab>('channels');
  const channelActions = useChannelActions(companyLabel);
  const ruleActions = useRuleActions(companyLabel);

  const channels = useQuery({
    queryKey: alertConfigKeys.channels(companyCode),
    queryFn: ({ signal }) => fetchChannels(companyCode, signal),
    enabled: companyCode !== '',
    retry: false,
  });
  const rules = useQuery({
    queryKey: alertConfigKeys.rules(companyCode),
    queryFn: ({ signal }) => fetchRules(companyCode, signal),
    enabled: companyCode !== '' && tab === 'rules',
    retry: false,
  });
  useErrorEffect(channels.error ?? rules.error, channelActions.showListError);
  const [filterForm] = Form.useForm<{ company_code: string }>();
  useEffect(() => filterForm.setFieldsValue({ company_code: companyCode }), [filterForm, companyCode]);
  const channelRows = channels.data?.result_list ?? [];

  return (
    <ConfigPage
      t={(key) => (key === 'title' ? t('title') : t(tab === 'channels' ? 'addChannel' : 'addRule'))}
      testIds="alert-config"
      onAdd={tab === 'channels' ? channelActions.form.openAdd : ruleActions.form.openAdd}
    >
      <FilterPanel<{ company_code: string }>
        form={filterForm}
        name="alertConfigSearch"
        initialValues={{ company_code: companyCode }}
        onChange={(values) => setChosen(values.company_code)}
        role="search"
        aria-label={t('search')}
      >
        <FilterField name="company_code" label={t('company')} width={{ xs: 24, md: 12, xl: 8 }}>
          <Select
            loading={companies.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={[...companies.options]}
          />
        </FilterField>
      </FilterPanel>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'channels',
            label: t('tabChannels'),
            children: (
              <ChannelTable
                list={{ rows: channelRows, isPending: channels.isPending, isFetching: channels.isFetching }}
                testing={channelActions.testing}
                onTest={channelActions.test}
                onEdit={channelActions.form.openEdit}
                onDelete={channelActions.confirmDelete}
              />
            ),
          },
          {
            key: 'rules',
            label: t('tabRules'),
            children: (
              <RuleTable
                list={{
                  rows: rules.data?.result_list ?? [],
                  isPending: rules.isPending,
                  isFetching: rules.isFetching,
                }}
                onEdit={ruleActions.form.openEdit}
                onDelete={ruleActions.confirmDelete}
              />
            ),
          },
        ]}
      />
      <ChannelFormModal
        key={`channel-${channelActions.form.target.seq}`}
        {...channelActions.form.modal}
        target={channelActions.form.target}
        companyCode={channelActions.form.target.record?.company_code ?? companyCode}
        companyLabel={companyLabel(channelActions.form.target.record?.company_code ?? companyCode)}
      />
      <RuleFormModal
        key={`rule-${ruleActions.form.target.seq}`}
        {...ruleActions.form.modal}
        target={ruleActions.form.target}
        companyCode={ruleActions.form.target.record?.company_code ?? companyCode}
        companyLabel={companyLabel(ruleActions.form.target.record?.company_code ?? companyCode)}
        channels={channelRows}
      />
      <ChannelTestModal outcome={channelActions.tested} onClose={channelActions.closeTest} />
    </ConfigPage>
  );
}
