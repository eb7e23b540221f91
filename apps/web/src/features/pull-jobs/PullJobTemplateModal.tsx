import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { fetchPullJobTemplates, pullJobKeys } from './pull-job-api';
import { pullJobRowKey } from './PullJobTable';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobDialogs } from './usePullJobDialogs';

interface Props {
  open: boolean;
  onCreate: (companyCode: string, legacyId: string) => Promise<void>;
  onClose: () => void;
}

/** Spec 001 §2/§4: choose an existing PULL_WAIT job (sid, company, legacy id); Create opens it as new. */
export function PullJobTemplateModal({ open, onCreate, onClose }: Props) {
  const t = useT(pullJobMessages);
  const { showError } = usePullJobDialogs();
  const [chosen, setChosen] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const templates = useQuery({
    queryKey: pullJobKeys.templates(),
    queryFn: ({ signal }) => fetchPullJobTemplates(signal),
    enabled: open,
    retry: false,
  });
  const { error } = templates;
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);
  const rows = useMemo(() => templates.data?.result_list ?? [], [templates.data]);
  const options = useMemo(
    () =>
      rows.map((row) => ({
        value: pullJobRowKey(row),
        label: `${row.sid} | ${row.companycode} | ${row.legacyid}`,
      })),
    [rows],
  );

  const create = async () => {
    const row = rows.find((r) => pullJobRowKey(r) === chosen);
    if (!row) return;
    setCreating(true);
    try {
      await onCreate(row.companycode, row.legacyid);
      setChosen(undefined);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('templateTitle')}
      width="min(560px, 96vw)"
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" disabled={!chosen} loading={creating} onClick={() => void create()}>
            {t('create')}
          </Button>
        </>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('templateLabel')} htmlFor="pull-job-template" style={{ marginBottom: 8 }}>
          <Select
            id="pull-job-template"
            aria-label={t('templateLabel')}
            data-testid="pull-job-template-select"
            value={chosen}
            onChange={setChosen}
            options={options}
            loading={templates.isFetching}
            placeholder={t('templatePlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={templates.isFetching ? t('loading') : t('noData')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
