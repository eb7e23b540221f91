import { Divider } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { AddButton, TemplateButton } from '../../ui/resource/ResourceButtons';
import { useAdminCompanies } from '../companies/useAdminCompanies';
import { PullJobFormModal } from './PullJobFormModal';
import { PullJobSearchPanel } from './PullJobSearchPanel';
import { PullJobTable } from './PullJobTable';
import { PullJobTemplateModal } from './PullJobTemplateModal';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobActions } from './usePullJobActions';

/** Pull Job Config (spec 001 §2, route /pulljobconfig): the PULL_WAIT job configs. */
export function PullJobConfig() {
  const t = useT(pullJobMessages);
  const companies = useAdminCompanies();
  const actions = usePullJobActions();
  const { form, list } = actions;

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <TemplateButton
            label={t('createFromTemplate')}
            onClick={actions.openTemplates}
            data-testid="pull-job-template"
          />
          <AddButton label={t('add')} onClick={form.openAdd} data-testid="pull-job-add" />
        </>
      }
    >
      <PullJobSearchPanel
        companies={companies.options}
        companiesLoading={companies.loading}
        onSearch={list.search}
      />
      <Divider style={{ margin: '12px 0' }} />
      <PullJobTable
        list={list}
        opening={actions.opening}
        onEdit={(row) => void actions.openEdit(row)}
        onDelete={actions.confirmDelete}
      />
      <PullJobTemplateModal
        open={actions.templateOpen}
        onCreate={actions.createFromTemplate}
        onClose={actions.closeTemplates}
      />
      <PullJobFormModal
        key={form.target.seq}
        {...form.modal}
        target={form.target}
        companies={companies.options}
        companiesLoading={companies.loading}
      />
    </PageContainer>
  );
}
