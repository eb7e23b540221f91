import { PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { Button, Flex, Pagination, Select } from 'antd';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { PageContainer } from '../../ui/PageContainer';
import { SftpFormModal } from './SftpFormModal';
import { sftpMessages, TOTAL_KEYS } from './sftp-servers.i18n';
import { SftpTable } from './SftpTable';
import { useAdminCompanies } from '../companies/useAdminCompanies';
import { useSftpActions } from './useSftpActions';
import { useSftpList } from './useSftpList';

/** sFTP Config (spec 001 "sFTP Config screen", route /sftpconfig). */
export function SftpConfig() {
  const t = useT(sftpMessages);
  const { language } = useLanguage();
  const companies = useAdminCompanies();
  const list = useSftpList();
  const actions = useSftpActions();

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd}>
          {t('add')}
        </Button>
      }
    >
      <Flex gap={8} align="center" style={{ marginBottom: 16 }} wrap>
        <span>{t('company')}:</span>
        <Select
          aria-label={t('company')}
          style={{ minWidth: 260 }}
          value={list.company}
          onChange={list.changeCompany}
          loading={companies.loading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '', label: t('anyCompany') }, ...companies.options]}
        />
      </Flex>
      <SftpTable
        servers={list.servers}
        loading={list.isFetching && !list.isPending}
        pending={list.isPending}
        opening={actions.opening}
        companyLabel={companies.label}
        onEdit={(row) => void actions.openEdit(row)}
        onDelete={actions.confirmDelete}
      />
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        current={list.page}
        pageSize={list.pageSize}
        total={list.total}
        pageSizeOptions={[...PAGE_SIZES]}
        showSizeChanger
        showTotal={(total) => t(plural(language, total, TOTAL_KEYS), { total })}
        onChange={list.changePage}
      />
      <SftpFormModal
        key={actions.target.seq}
        open={actions.open}
        mode={actions.target.mode}
        server={actions.target.server}
        saving={actions.saving}
        testing={actions.testing}
        companies={companies.options}
        companiesLoading={companies.loading}
        onSubmit={(values) => void actions.submit(values)}
        onTest={(values) => void actions.test(values)}
        onClose={actions.close}
      />
    </PageContainer>
  );
}
