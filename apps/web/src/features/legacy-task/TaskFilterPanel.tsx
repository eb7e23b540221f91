import { ExportOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterDays, FilterField, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { compactDate, pickerDay } from '../../ui/table-dates';
import { legacyTaskMessages } from './legacy-task.i18n';
import { EMPTY_TASK_CRITERIA, TASK_STATUSES, type TaskCriteria, type TaskStatus } from './task-criteria';

interface Fields {
  companyCode?: string;
  legacyId?: string;
  jobInstanceNo?: string;
  legacyName?: string;
  statuses?: TaskStatus[];
  startFrom?: Dayjs | null;
  startTo?: Dayjs | null;
}

function toCriteria(fields: Fields): TaskCriteria {
  return {
    companyCode: fields.companyCode ?? '',
    legacyId: fields.legacyId ?? '',
    jobInstanceNo: fields.jobInstanceNo ?? '',
    legacyName: fields.legacyName ?? '',
    statuses: fields.statuses ?? [],
    startFrom: compactDate(fields.startFrom),
    startTo: compactDate(fields.startTo),
  };
}

const toFields = (criteria: TaskCriteria): Fields => ({
  ...criteria,
  startFrom: pickerDay(criteria.startFrom),
  startTo: pickerDay(criteria.startTo),
});

interface Props {
  /** The saved search the form opens with. */
  initial: TaskCriteria;
  onSearch: (criteria: TaskCriteria) => void;
  onReset: () => void;
  /** Export takes the dates as they are in the form, searched or not. */
  onExport: (startWindow: Pick<TaskCriteria, 'startFrom' | 'startTo'>) => void;
  exporting: boolean;
}

/** Spec 000 §2 task filters: text parts, the run states, the Job Start window; Search, Reset, Export. */
export function TaskFilterPanel({ initial, onSearch, onReset, onExport, exporting }: Props) {
  const t = useT(legacyTaskMessages);
  const [form] = Form.useForm<Fields>();
  const above = (
    <>
      <FilterText name="companyCode" label={t('companyCode')} width={[24, 8, 4]} maxLength={32} contains />
      <FilterText name="legacyId" label={t('legacyId')} width={[24, 8, 5]} maxLength={100} contains />
      <FilterText
        name="jobInstanceNo"
        label={t('jobInstanceNo')}
        width={[24, 8, 8]}
        maxLength={160}
        contains
      />
      <FilterText name="legacyName" label={t('legacyName')} width={[24, 24, 7]} maxLength={200} contains />
    </>
  );

  return (
    <FilterPanel<Fields>
      form={form}
      name="legacyTaskFilter"
      initialValues={toFields(initial)}
      onSearch={(fields) => onSearch(toCriteria(fields))}
      onClear={onReset}
      clearTo={toFields(EMPTY_TASK_CRITERIA)}
      after={
        <Tooltip title={t('exportHint')}>
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            onClick={() => onExport(toCriteria(form.getFieldsValue()))}
          >
            {t('export')}
          </Button>
        </Tooltip>
      }
      above={above}
    >
      {/* States and dates keep their natural width; the buttons take the rest (or the next line). */}
      <FilterField name="statuses" label={t('status')} width={{ flex: 'none' }}>
        <Checkbox.Group options={TASK_STATUSES.map((status) => ({ label: status, value: status }))} />
      </FilterField>
      <FilterDays
        names={['startFrom', 'startTo']}
        labels={[t('startFrom'), t('startTo')]}
        width={{ flex: '160px' }}
      />
    </FilterPanel>
  );
}
