import { CopyOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@lis/contracts';
import { Button, Pagination } from 'antd';
import { useState } from 'react';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { PageContainer } from '../../ui/PageContainer';
import { useAdminCompanies } from '../companies/useAdminCompanies';
import { jobConfigMessages, TOTAL_KEYS } from './job-config.i18n';
import { JobConfigTable } from './JobConfigTable';
import { JobFormModal } from './job-modal/JobFormModal';
import { JobSearchPanel } from './JobSearchPanel';
import { TemplateModal } from './TemplateModal';
import { useJobConfigActions } from './useJobConfigActions';
import { useJobConfigList } from './useJobConfigList';

/** Job Config (spec 001 "Job Config screen", route /masterconfig). */
export function JobConfig() {
  const t = useT(jobConfigMessages);
  const { language } = useLanguage();
  const companies = useAdminCompanies();
  const list = useJobConfigList();
  const actions = useJobConfigActions();
  const [templateOpen, setTemplateOpen] = useState(false);

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <Button
            icon={<FileExcelOutlined />}
            loading={actions.exporting}
            onClick={() => void actions.exportExcel(list.filters)}
            data-testid="job-config-export"
          >
            {t('exportExcel')}
          </Button>
          <Button
            icon={<CopyOutlined />}
            onClick={() => setTemplateOpen(true)}
            data-testid="job-config-template"
          >
            {t('createFromTemplate')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={actions.openAdd}
            data-testid="job-config-add"
          >
            {t('addJobConfig')}
          </Button>
        </>
      }
    >
      <JobSearchPanel
        companies={companies.options}
        companiesLoading={companies.loading}
        onSearch={list.search}
      />
      <JobConfigTable
        jobs={list.jobs}
        loading={list.isFetching && !list.isPending}
        pending={list.isPending}
        opening={actions.opening}
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
      <TemplateModal
        open={templateOpen}
        onClose={() => setTemplateOpen(false)}
        onCreate={actions.createFromTemplate}
      />
      <JobFormModal
        key={actions.target.seq}
        open={actions.open}
        mode={actions.target.mode}
        initialValues={actions.target.values}
        saving={actions.saving}
        companies={companies.options}
        companiesLoading={companies.loading}
        onSubmit={(values) => void actions.submit(values)}
        onClose={actions.close}
      />
    </PageContainer>
  );
}
