import { MAIL_STATUSES, type MailStatus } from '@lis/contracts';
import { DatePicker, Flex, Select } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { compactDate, ENTRY_DATE_FORMAT, pickerDay } from '../../ui/table-dates';
import type { MailOutboxFilter } from './mail-outbox-api';
import { mailOutboxMessages } from './mail-outbox.i18n';

interface Props {
  filter: MailOutboxFilter;
  onChange: (filter: MailOutboxFilter) => void;
}

/**
 * The outbox's filters (LIS issue 31): one status, and the days the mails were created (dd/mm/yyyy in
 * the console, `yyyymmdd` days of the server's zone on the wire). The server checks them (400 otherwise).
 */
export function MailOutboxFilters({ filter, onChange }: Props) {
  const t = useT(mailOutboxMessages);
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="mail-outbox-filters">
      <Select<MailStatus | undefined>
        aria-label={t('statusFilter')}
        style={{ width: 180 }}
        allowClear
        placeholder={t('allStatuses')}
        value={filter.status}
        options={MAIL_STATUSES.map((status) => ({ value: status, label: t(status) }))}
        onChange={(status) => onChange({ ...filter, status: status ?? undefined })}
      />
      <DatePicker
        aria-label={t('dateFrom')}
        format={ENTRY_DATE_FORMAT}
        placeholder={`${t('dateFrom')} (${t('datePlaceholder')})`}
        style={{ width: 210 }}
        value={pickerDay(filter.dateFrom ?? '')}
        onChange={(value) => onChange({ ...filter, dateFrom: compactDate(value) || undefined })}
      />
      <DatePicker
        aria-label={t('dateTo')}
        format={ENTRY_DATE_FORMAT}
        placeholder={`${t('dateTo')} (${t('datePlaceholder')})`}
        style={{ width: 210 }}
        value={pickerDay(filter.dateTo ?? '')}
        onChange={(value) => onChange({ ...filter, dateTo: compactDate(value) || undefined })}
      />
    </Flex>
  );
}
