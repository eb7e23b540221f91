import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Space } from 'antd';
import { useState } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { addToPipeList, splitPipeList } from '../form-controls/pipe-list';
import { PipeEntryTags } from '../form-controls/PipeListInput';
import { EMPTY_FILTERS, fetchJobConfigs, jobConfigKeys, PICKER_PAGE_SIZE } from '../job-config-api';
import { jobFormMessages } from './job-form.i18n';

export interface PredecessorInputProps {
  /** `legacy_criteria`: the `|`-joined legacy ids that must succeed before this job starts. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  companyCode: string;
  /** The job's own legacy id, which cannot be its own predecessor. */
  ownLegacyId: string;
}

/** The predecessor picker (legacy ids of the same company's jobs) and the list it builds. */
export function PredecessorInput({ value, onChange, id, companyCode, ownLegacyId }: PredecessorInputProps) {
  const t = useT(jobFormMessages);
  const [picked, setPicked] = useState<string>();
  const jobs = useQuery({
    queryKey: jobConfigKeys.picker(companyCode),
    queryFn: ({ signal }) =>
      fetchJobConfigs({ ...EMPTY_FILTERS, company_code: companyCode }, 1, PICKER_PAGE_SIZE, signal),
    enabled: companyCode !== '',
  });
  const entries = splitPipeList(value);
  const options = (companyCode ? (jobs.data?.result_list ?? []) : [])
    .filter((job) => job.companycode === companyCode && job.legacyid !== ownLegacyId)
    .filter((job) => !entries.includes(job.legacyid))
    .map((job) => ({ value: job.legacyid, label: `${job.legacyid}: ${job.legacyname}` }));

  const add = () => {
    if (!picked) return;
    onChange?.(addToPipeList(value, picked));
    setPicked(undefined);
  };

  return (
    <Flex vertical gap={6} style={{ minWidth: 0 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id={id}
          aria-label={t('predecessor')}
          value={picked}
          onChange={(next: string) => setPicked(next)}
          options={options}
          loading={jobs.isFetching}
          placeholder={t('predecessorPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={t('noData')}
          style={{ width: '100%' }}
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={!picked}>
          {t('add')}
        </Button>
      </Space.Compact>
      <PipeEntryTags
        value={value}
        onChange={onChange}
        label={t('startAfter')}
        empty={t('none')}
        removeLabel={(entry) => t('remove', { item: entry })}
      />
    </Flex>
  );
}
