import { Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterField, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { EMPTY_REPORT_FILTERS, JOB_STATES, type JobState, type ReportFilters } from '../monitoring';
import { monitoringMessages } from '../monitoring';

interface Props {
  onSearch: (filters: ReportFilters) => void;
  /** The state checkboxes in the screen's order. */
  states?: readonly JobState[];
  /**
   * The manual report's filter check (spec 000 §2): while ticked the filters apply, unticked every row
   * shows. Focusing a text filter unticks it; leaving one ticks it again (with what is typed) when
   * Legacy ID is not empty. Search ticks it.
   */
  withFilterCheck?: boolean;
}

/** Spec 000 §2: company code, legacy ID, legacy name and the job states; Search applies them. */
export function ReportFilterPanel({ onSearch, states = JOB_STATES, withFilterCheck = false }: Props) {
  const t = useT(monitoringMessages);
  const [form] = Form.useForm<ReportFilters>();
  const [filterChecked, setFilterChecked] = useState(false);

  const currentFilters = (): ReportFilters => ({ ...EMPTY_REPORT_FILTERS, ...form.getFieldsValue() });
  const setFilterCheck = (checked: boolean) => {
    setFilterChecked(checked);
    onSearch(checked ? currentFilters() : EMPTY_REPORT_FILTERS);
  };
  const textFilterEvents = withFilterCheck
    ? {
        onFocus: () => {
          if (filterChecked) setFilterCheck(false);
        },
        onBlur: () => {
          if (currentFilters().legacyId.trim() !== '') setFilterCheck(true);
        },
      }
    : {};

  return (
    <FilterPanel<ReportFilters>
      form={form}
      name="legacyReportFilter"
      initialValues={EMPTY_REPORT_FILTERS}
      onSearch={(values) => {
        if (withFilterCheck) setFilterChecked(true);
        onSearch({ ...EMPTY_REPORT_FILTERS, ...values });
      }}
      stacked
      before={
        withFilterCheck && (
          <Checkbox checked={filterChecked} onChange={(event) => setFilterCheck(event.target.checked)}>
            {t('filterCheck')}
          </Checkbox>
        )
      }
    >
      <FilterText
        name="companyCode"
        label={t('companyCode')}
        width={[24, 8, 4]}
        maxLength={32}
        contains
        {...textFilterEvents}
      />
      <FilterText
        name="legacyId"
        label={t('legacyId')}
        width={[24, 8, 4]}
        maxLength={100}
        contains
        {...textFilterEvents}
      />
      <FilterText
        name="legacyName"
        label={t('legacyName')}
        width={[24, 8, 5]}
        maxLength={200}
        contains
        {...textFilterEvents}
      />
      <FilterField name="states" label={t('jobState')} width={[24, 18, 8]}>
        <Checkbox.Group options={states.map((state) => ({ label: state, value: state }))} />
      </FilterField>
    </FilterPanel>
  );
}
