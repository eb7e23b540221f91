import { Flex, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { ResourcePagination, useTotalText } from '../../ui/resource/ResourceTable';
import { useSearchedList } from '../../ui/resource/useSearchedList';
import { useAdminCompanies } from '../companies';
import { fetchSftpServers, sftpKeys } from './sftp-api';
import { SftpFormModal } from './SftpFormModal';
import { sftpMessages, TOTAL_KEYS } from './sftp-servers.i18n';
import { SftpTable } from './SftpTable';
import { useSftpActions } from './useSftpActions';

/** sFTP Config (spec 001 "sFTP Config screen", route /sftpconfig). */
export function SftpConfig() {
  const t = useT(sftpMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const companies = useAdminCompanies();
  const actions = useSftpActions();
  const { form } = actions;
  // The paged server list (server-side paging), optionally of one company ('' = every company).
  const list = useSearchedList({
    initial: '',
    queryKey: sftpKeys.list,
    fetch: fetchSftpServers,
    showError: actions.showListError,
  });

  return (
    <ConfigPage t={t} onAdd={form.openAdd}>
      <Flex gap={8} align="center" style={{ marginBottom: 16 }} wrap>
        <span>{t('company')}:</span>
        <Select
          aria-label={t('company')}
          style={{ minWidth: 260 }}
          value={list.filters}
          onChange={list.search}
          loading={companies.loading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '', label: t('anyCompany') }, ...companies.options]}
        />
      </Flex>
      <SftpTable
        list={list}
        opening={actions.opening}
        companyLabel={companies.label}
        onEdit={(row) => void actions.openEdit(row)}
        onDelete={actions.confirmDelete}
      />
      <ResourcePagination list={list} totalText={totalText} />
      <SftpFormModal
        key={form.target.seq}
        {...form.modal}
        target={form.target}
        testing={actions.testing}
        companies={companies}
        onTest={(values) => void actions.test(values)}
      />
    </ConfigPage>
  );
}
