import { Divider } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { useAdminCompanies } from '../companies';
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
    <ConfigPage t={t} testIds="pull-job" onAdd={form.openAdd} onTemplate={actions.openTemplates}>
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
      <PullJobFormModal key={form.target.seq} {...form.modal} target={form.target} companies={companies} />
    </ConfigPage>
  );
}
