import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { ResourcePagination, useTotalText } from '../../ui/resource/ResourceTable';
import { useAdminCompanies } from '../companies';
import { jobConfigMessages, TOTAL_KEYS } from './job-config.i18n';
import { JobConfigTable } from './JobConfigTable';
import { JobFormModal } from './job-modal/JobFormModal';
import { JobSearchPanel } from './JobSearchPanel';
import { TemplateModal } from './TemplateModal';
import { useJobConfigActions } from './useJobConfigActions';

/** Job Config (spec 001 "Job Config screen", route /masterconfig). */
export function JobConfig() {
  const t = useT(jobConfigMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const companies = useAdminCompanies();
  const actions = useJobConfigActions();
  const { form, list } = actions;
  const [templateOpen, setTemplateOpen] = useState(false);

  return (
    <ConfigPage
      t={t}
      testIds="job-config"
      onAdd={form.openAdd}
      onTemplate={() => setTemplateOpen(true)}
      exporter={{ ...actions.exporter, filters: list.filters }}
    >
      <JobSearchPanel
        companies={companies.options}
        companiesLoading={companies.loading}
        onSearch={list.search}
      />
      <JobConfigTable
        list={list}
        opening={actions.opening}
        onEdit={(row) => void actions.openEdit(row)}
        onDelete={actions.confirmDelete}
      />
      <ResourcePagination list={list} totalText={totalText} />
      <TemplateModal
        open={templateOpen}
        onClose={() => setTemplateOpen(false)}
        onCreate={actions.createFromTemplate}
      />
      <JobFormModal key={form.target.seq} {...form.modal} target={form.target} companies={companies} />
    </ConfigPage>
  );
}
