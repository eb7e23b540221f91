import { MAIL_STATUSES, type MailStatus } from '@lis/contracts';
import { DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../platform/i18n/I18nProvider';
import { ENTRY_DATE_FORMAT } from '../../ui/table-dates';
import type { MailOutboxFilter } from './mail-outbox-api';
import { mailOutboxMessages } from './mail-outbox.i18n';

const DAY = 'YYYYMMDD';

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
  const day = (value: string | undefined) =>
    value ? dayjs(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`) : null;
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
        value={day(filter.dateFrom)}
        onChange={(value) => onChange({ ...filter, dateFrom: value ? value.format(DAY) : undefined })}
      />
      <DatePicker
        aria-label={t('dateTo')}
        format={ENTRY_DATE_FORMAT}
        placeholder={`${t('dateTo')} (${t('datePlaceholder')})`}
        style={{ width: 210 }}
        value={day(filter.dateTo)}
        onChange={(value) => onChange({ ...filter, dateTo: value ? value.format(DAY) : undefined })}
      />
    </Flex>
  );
}
