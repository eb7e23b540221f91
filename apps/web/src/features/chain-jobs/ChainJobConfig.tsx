import { CopyOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { Button, Flex, Pagination } from 'antd';
import { useState } from 'react';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { PageContainer } from '../../ui/PageContainer';
import { useAdminCompanies } from '../companies/useAdminCompanies';
import { chainJobMessages, TOTAL_KEYS } from './chain-jobs.i18n';
import { ChainJobFormModal } from './ChainJobFormModal';
import { ChainJobSearchPanel } from './ChainJobSearchPanel';
import { ChainJobTable } from './ChainJobTable';
import { ChainTemplateModal } from './ChainTemplateModal';
import { useChainJobActions } from './useChainJobActions';
import { useChainJobExport } from './useChainJobExport';
import { useChainJobList } from './useChainJobList';

/** Chain Job Config (spec 001 "Chain Job Config screen", route /chain-job-config). */
export function ChainJobConfig() {
  const t = useT(chainJobMessages);
  const { language } = useLanguage();
  const companies = useAdminCompanies();
  const list = useChainJobList();
  const actions = useChainJobActions();
  const exporter = useChainJobExport(list.search);
  const [templateOpen, setTemplateOpen] = useState(false);

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporter.exporting}
            onClick={() => void exporter.exportExcel()}
          >
            {t('exportExcel')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => setTemplateOpen(true)}>
            {t('createFromTemplate')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd}>
            {t('add')}
          </Button>
        </>
      }
    >
      <Flex vertical gap={16}>
        <ChainJobSearchPanel
          companies={companies.options}
          companiesLoading={companies.loading}
          onSearch={list.applySearch}
        />
        <ChainJobTable
          chains={list.chains}
          loading={list.isFetching && !list.isPending}
          pending={list.isPending}
          onEdit={actions.openEdit}
          onDelete={actions.confirmDelete}
        />
        <Pagination
          align="end"
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          pageSizeOptions={[...PAGE_SIZES]}
          showSizeChanger
          showTotal={(total) => t(plural(language, total, TOTAL_KEYS), { total })}
          onChange={list.changePage}
        />
      </Flex>
      <ChainTemplateModal
        open={templateOpen}
        onClose={() => setTemplateOpen(false)}
        onCreate={(template) => {
          setTemplateOpen(false);
          actions.openFromTemplate(template);
        }}
      />
      <ChainJobFormModal
        key={actions.target.seq}
        open={actions.open}
        mode={actions.target.mode}
        initial={actions.target.initial}
        saving={actions.saving}
        companies={companies.options}
        companiesLoading={companies.loading}
        onSubmit={(values) => void actions.submit(values)}
        onClose={actions.close}
      />
    </PageContainer>
  );
}
