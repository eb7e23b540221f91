import type { ChainJob } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { chainJobKeys, fetchChainTemplates } from './chain-job-api';
import { chainJobMessages } from './chain-jobs.i18n';
import { useChainJobDialogs } from './useChainJobDialogs';

interface Props {
  open: boolean;
  onCreate: (template: ChainJob) => void;
  onClose: () => void;
}

const templateKey = (chain: ChainJob) => `${chain.companyCode}\u0000${chain.chainId}`;

/** Create From Template: a dropdown of the existing chains; Create opens the add dialog filled from it. */
export function ChainTemplateModal({ open, onCreate, onClose }: Props) {
  const t = useT(chainJobMessages);
  const { showError } = useChainJobDialogs();
  const [chosen, setChosen] = useState<string | undefined>();
  const templates = useQuery({
    queryKey: chainJobKeys.templates(),
    queryFn: ({ signal }) => fetchChainTemplates(signal),
    enabled: open,
    retry: false,
  });
  useEffect(() => {
    if (templates.error) showError(templates.error);
  }, [templates.error, showError]);

  const create = () => {
    const template = templates.data?.find((chain) => templateKey(chain) === chosen);
    if (!template) return;
    setChosen(undefined);
    onCreate(template);
  };

  return (
    <Modal
      open={open}
      title={t('templateTitle')}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="create" type="primary" disabled={!chosen} onClick={create}>
          {t('create')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('templateLabel')} htmlFor="chain-template-select">
          <Select
            id="chain-template-select"
            value={chosen}
            onChange={setChosen}
            placeholder={t('selectTemplate')}
            loading={templates.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={t('noJobs')}
            options={(templates.data ?? []).map((chain) => ({
              value: templateKey(chain),
              label: `${chain.companyCode} · ${chain.chainId} · ${chain.chainName}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
