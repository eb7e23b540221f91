import { useT } from '../../platform/i18n/I18nProvider';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { usePagedList } from '../../ui/usePagedList';
import { useAdminCompanies } from '../companies';
import { dmsServerKeys, fetchDmsServers } from './dms-server-api';
import { DmsServerFormModal } from './DmsServerFormModal';
import { DmsServerTable } from './DmsServerTable';
import { dmsServerMessages } from './dms-servers.i18n';
import { useDmsServerActions } from './useDmsServerActions';

/** DMS Config (spec 001 "DMS Config screen"): the document-management targets, per company. */
export function DmsConfig() {
  const t = useT(dmsServerMessages);
  const companies = useAdminCompanies();
  const companyLabel = companies.label;
  const actions = useDmsServerActions(companyLabel);
  const { form } = actions;
  const list = usePagedList({
    queryKey: dmsServerKeys.list,
    fetch: fetchDmsServers,
    showError: actions.showListError,
  });

  return (
    <ConfigPage t={t} onAdd={form.openAdd}>
      <DmsServerTable
        list={list}
        companyLabel={companyLabel}
        onEdit={form.openEdit}
        onDelete={actions.confirmDelete}
      />
      <DmsServerFormModal
        {...form.modal}
        target={form.target}
        companies={companies}
        onIncomplete={actions.warnIncomplete}
      />
    </ConfigPage>
  );
}
