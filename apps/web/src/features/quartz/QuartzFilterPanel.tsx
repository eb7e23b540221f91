import type { Dayjs } from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { FilterDate, FilterField, FilterText } from '../../ui/filter-panel/FilterField';
import { FilterPanel } from '../../ui/filter-panel/FilterPanel';
import { ENTRY_DATE_FORMAT } from '../../ui/table-dates';
import { EMPTY_QUARTZ_FILTERS, type QuartzFilters } from './quartz-filter';
import { quartzMessages } from './quartz.i18n';

interface Fields {
  legacyName?: string;
  companyCode?: string;
  legacyId?: string;
  lastFire?: Dayjs | null;
  nextFire?: Dayjs | null;
}

/** Spec 001 §9: filter dates are dd/mm/yyyy. */
const day = (date: Dayjs | null | undefined) => (date ? date.format(ENTRY_DATE_FORMAT) : '');

function toFilters(fields: Fields): QuartzFilters {
  return {
    legacyName: fields.legacyName ?? '',
    companyCode: fields.companyCode ?? '',
    legacyId: fields.legacyId ?? '',
    lastFire: day(fields.lastFire),
    nextFire: day(fields.nextFire),
  };
}

/** The five filters; they apply as they are typed (the list is already in the browser). */
export function QuartzFilterPanel({ onChange }: { onChange: (filters: QuartzFilters) => void }) {
  const t = useT(quartzMessages);
  return (
    <FilterPanel<Fields>
      name="quartzFilter"
      title={t('searchPanel')}
      onChange={(fields) => onChange(toFilters(fields))}
      onClear={() => onChange(EMPTY_QUARTZ_FILTERS)}
    >
      <FilterText name="legacyName" label={t('legacyName')} width={[24, 12, 5]} maxLength={200} contains />
      <FilterText name="companyCode" label={t('companyCode')} width={[24, 12, 4]} maxLength={32} contains />
      <FilterText name="legacyId" label={t('legacyId')} width={[24, 12, 4]} maxLength={100} contains />
      <FilterField name="lastFire" label={t('lastFire')} width={[12, 6, 4]}>
        <FilterDate />
      </FilterField>
      <FilterField name="nextFire" label={t('nextFire')} width={[12, 6, 4]}>
        <FilterDate />
      </FilterField>
    </FilterPanel>
  );
}
