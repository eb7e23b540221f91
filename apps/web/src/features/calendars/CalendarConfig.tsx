import { UploadOutlined } from '@ant-design/icons';
import { SHARED_CALENDAR_COMPANY, type NamedCalendar } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { ConfigPage } from '../../ui/resource/ConfigPage';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useAdminCompanies } from '../companies';
import { calendarKeys, fetchCalendars } from './calendar-api';
import { CalendarFormModal } from './CalendarFormModal';
import { CalendarImportModal } from './CalendarImportModal';
import { calendarMessages } from './calendars.i18n';
import { CalendarTable } from './CalendarTable';
import { useCalendarActions } from './useCalendarActions';

/**
 * Calendars (issue 34, route /calendarconfig): a company's named calendars and the shared ones (`*`),
 * each with its month view; New, Edit, Delete and Import .ics. A shared calendar is changed by a
 * super_admin only: others see it read-only.
 */
export function CalendarConfig() {
  const t = useT(calendarMessages);
  const user = useCurrentUser();
  const companies = useAdminCompanies();
  const superAdmin = user.role === 'super_admin';
  const options = [
    ...companies.options,
    ...(superAdmin ? [{ value: SHARED_CALENDAR_COMPANY, label: t('sharedCompany') }] : []),
  ];
  const [chosen, setChosen] = useState<string>();
  const companyCode = chosen ?? options[0]?.value ?? '';
  const companyLabel = (code: string) =>
    code === SHARED_CALENDAR_COMPANY ? t('sharedCompany') : companies.label(code);
  const actions = useCalendarActions(companyLabel);
  const { form } = actions;
  const [importing, setImporting] = useState(false);

  const query = useQuery({
    queryKey: calendarKeys.list(companyCode),
    queryFn: ({ signal }) => fetchCalendars(companyCode, signal),
    enabled: companyCode !== '',
    retry: false,
  });
  useErrorEffect(query.error, actions.showListError);
  const [filterForm] = Form.useForm<{ company_code: string }>();
  useEffect(() => filterForm.setFieldsValue({ company_code: companyCode }), [filterForm, companyCode]);
  const rows = query.data?.result_list ?? [];
  const canWrite = (calendar: NamedCalendar) =>
    calendar.company_code !== SHARED_CALENDAR_COMPANY || superAdmin;
  const edited = form.target.record;

  return (
    <ConfigPage
      t={t}
      testIds="calendars"
      onAdd={form.openAdd}
      before={
        <Button icon={<UploadOutlined />} disabled={!companyCode} onClick={() => setImporting(true)}>
          {t('importIcs')}
        </Button>
      }
    >
      <FilterPanel<{ company_code: string }>
        form={filterForm}
        name="calendarSearch"
        initialValues={{ company_code: companyCode }}
        onChange={(values) => setChosen(values.company_code)}
        role="search"
        aria-label={t('search')}
      >
        <FilterField name="company_code" label={t('company')} width={{ xs: 24, md: 12, xl: 8 }}>
          <Select loading={companies.loading} showSearch={{ optionFilterProp: 'label' }} options={options} />
        </FilterField>
      </FilterPanel>
      <CalendarTable
        list={{ rows, isPending: query.isPending, isFetching: query.isFetching }}
        canWrite={canWrite}
        onEdit={form.openEdit}
        onDelete={actions.confirmDelete}
      />
      <CalendarFormModal
        key={form.target.seq}
        {...form.modal}
        target={form.target}
        companyCode={edited?.company_code ?? companyCode}
        companyLabel={companyLabel(edited?.company_code ?? companyCode)}
        readOnly={edited !== null && form.target.mode === 'edit' && !canWrite(edited)}
        calendars={rows}
      />
      <CalendarImportModal
        key={`import-${String(importing)}`}
        open={importing}
        companyCode={companyCode}
        companyLabel={companyLabel(companyCode)}
        onClose={() => setImporting(false)}
        onImported={actions.showImported}
        onRefused={actions.showRefused}
      />
    </ConfigPage>
  );
}
