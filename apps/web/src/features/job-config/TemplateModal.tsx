import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { EMPTY_FILTERS, fetchJobConfigs, jobConfigKeys, PICKER_PAGE_SIZE } from './job-config-api';
import { jobConfigMessages } from './job-config.i18n';
import { jobRowKey } from './useJobConfigActions';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Loads the chosen job into a new form; resolves true when the form opened. */
  onCreate: (company: string, legacyId: string) => Promise<boolean>;
}

/**
 * Spec 001 "Create From Template": a dropdown of the existing jobs labelled `sid, company, legacy id`
 * (PULL_WAIT jobs are not listed by the server unless asked), Close and Create.
 */
export function TemplateModal({ open, onClose, onCreate }: Props) {
  const t = useT(jobConfigMessages);
  const [chosen, setChosen] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [missing, setMissing] = useState(false);
  const jobs = useQuery({
    queryKey: jobConfigKeys.picker(''),
    queryFn: ({ signal }) => fetchJobConfigs(EMPTY_FILTERS, 1, PICKER_PAGE_SIZE, signal),
    enabled: open,
    retry: false,
  });
  const { showNotSuccessful: showError } = useResourceErrors(t('notSuccessful'));
  useEffect(() => {
    if (jobs.error) showError(jobs.error);
  }, [jobs.error, showError]);
  const rows = (jobs.data?.result_list ?? []).filter((row) => row.legacytype !== 'PULL_WAIT');
  const options = rows.map((row) => ({
    value: jobRowKey(row),
    label: `${row.sid}, ${row.companycode}, ${row.legacyid}`,
  }));

  const close = () => {
    setChosen(undefined);
    setMissing(false);
    onClose();
  };

  const create = async () => {
    const row = rows.find((r) => jobRowKey(r) === chosen);
    if (!row) {
      setMissing(true);
      return;
    }
    setCreating(true);
    const opened = await onCreate(row.companycode, row.legacyid);
    setCreating(false);
    if (opened) close();
  };

  return (
    <Modal
      open={open}
      title={t('templateTitle')}
      onCancel={close}
      destroyOnHidden
      data-testid="job-template-modal"
      footer={[
        <Button key="close" onClick={close} data-testid="job-template-close">
          {t('close')}
        </Button>,
        <Button
          key="create"
          type="primary"
          loading={creating}
          onClick={() => void create()}
          data-testid="job-template-create"
        >
          {t('create')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('templateJob')}
          htmlFor="job-template-select"
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('templateRequired') : undefined}
        >
          <Select
            id="job-template-select"
            value={chosen}
            onChange={(value: string) => {
              setChosen(value);
              setMissing(false);
            }}
            options={options}
            loading={jobs.isFetching}
            placeholder={t('templatePlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={jobs.isFetching ? t('loading') : t('noData')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
