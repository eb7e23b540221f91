import { Flex, Pagination } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { listPaging, useTotalText } from '../../ui/resource/ResourceTable';
import { useAdminCompanies } from '../companies';
import { chainJobMessages, TOTAL_KEYS } from './chain-jobs.i18n';
import { ChainJobFormModal } from './ChainJobFormModal';
import { ChainJobSearchPanel } from './ChainJobSearchPanel';
import { ChainJobTable } from './ChainJobTable';
import { ChainTemplateModal } from './ChainTemplateModal';
import { useChainJobActions } from './useChainJobActions';
import { useChainJobExport } from './useChainJobExport';

/** Chain Job Config (spec 001 "Chain Job Config screen", route /chain-job-config). */
export function ChainJobConfig() {
  const t = useT(chainJobMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const companies = useAdminCompanies();
  const actions = useChainJobActions();
  const { form, list } = actions;
  const exporter = useChainJobExport();
  const [templateOpen, setTemplateOpen] = useState(false);

  return (
    <ConfigPage
      t={t}
      onAdd={form.openAdd}
      onTemplate={() => setTemplateOpen(true)}
      exporter={{ ...exporter, filters: list.filters }}
    >
      <Flex vertical gap={16}>
        <ChainJobSearchPanel
          companies={companies.options}
          companiesLoading={companies.loading}
          onSearch={list.search}
        />
        <ChainJobTable list={list} onEdit={actions.openEdit} onDelete={actions.confirmDelete} />
        <Pagination align="end" {...listPaging(list, totalText)} />
      </Flex>
      <ChainTemplateModal
        open={templateOpen}
        onClose={() => setTemplateOpen(false)}
        onCreate={(template) => {
          setTemplateOpen(false);
          actions.openFromTemplate(template);
        }}
      />
      <ChainJobFormModal key={form.target.seq} {...form.modal} target={form.target} companies={companies} />
    </ConfigPage>
  );
}
