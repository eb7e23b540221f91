import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useAdminCompanies } from '../companies/useAdminCompanies';
import { PullJobFormModal } from './PullJobFormModal';
import { PullJobSearchPanel } from './PullJobSearchPanel';
import { PullJobTable } from './PullJobTable';
import { PullJobTemplateModal } from './PullJobTemplateModal';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobActions } from './usePullJobActions';
import { usePullJobList } from './usePullJobList';

/** Pull Job Config (spec 001 §2, route /pulljobconfig): the PULL_WAIT job configs. */
export function PullJobConfig() {
  const t = useT(pullJobMessages);
  const companies = useAdminCompanies();
  const list = usePullJobList();
  const actions = usePullJobActions();

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <Button icon={<CopyOutlined />} onClick={actions.openTemplates} data-testid="pull-job-template">
            {t('createFromTemplate')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={actions.openAdd} data-testid="pull-job-add">
            {t('add')}
          </Button>
        </>
      }
    >
      <PullJobSearchPanel
        companies={companies.options}
        companiesLoading={companies.loading}
        onSearch={list.changeSearch}
      />
      <Divider style={{ margin: '12px 0' }} />
      <PullJobTable
        jobs={list.jobs}
        loading={list.isFetching && !list.isPending}
        pending={list.isPending}
        opening={actions.opening}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPageChange={list.changePage}
        onEdit={(row) => void actions.openEdit(row)}
        onDelete={actions.confirmDelete}
      />
      <PullJobTemplateModal
        open={actions.templateOpen}
        onCreate={actions.createFromTemplate}
        onClose={actions.closeTemplates}
      />
      <PullJobFormModal
        key={actions.target.seq}
        open={actions.formOpen}
        target={actions.target}
        saving={actions.saving}
        companies={companies.options}
        companiesLoading={companies.loading}
        onSubmit={(body) => void actions.submit(body)}
        onClose={actions.closeForm}
      />
    </PageContainer>
  );
}
