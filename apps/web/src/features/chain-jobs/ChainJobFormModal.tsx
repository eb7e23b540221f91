import { DEFAULT_SID, CHAIN_ID_PATTERN, type TrueFalse } from '@lis/contracts';
import { Button, Checkbox, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useTriggerCalendars } from '../calendars';
import { CronTriggerList } from '../job-tools';
import type { CompanyChoices } from '../../ui/resource/form-fields';
import { SCROLLING_BODY } from '../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import { emptyChainJobForm, type ChainJobFormValues } from './chain-job-form';
import { chainJobMessages } from './chain-jobs.i18n';
import { ChainMemberRows } from './ChainMemberRows';
import { useChainJobDialogs } from './useChainJobDialogs';
import { useCompanyJobs } from '../../ui/company-jobs';

interface Props extends FormModalState<ChainJobFormValues> {
  target: FormTarget<ChainJobFormValues>;
  companies: CompanyChoices;
}

/** The form control of Is Active: the text 'true' or 'false', shown as it really is. */
function TrueFalseSwitch(props: { value?: TrueFalse; onChange?: (value: TrueFalse) => void; id?: string }) {
  return (
    <Switch
      id={props.id}
      checked={props.value === 'true'}
      onChange={(checked) => props.onChange?.(checked ? 'true' : 'false')}
    />
  );
}

/** The ImportantJob box: the text 'true' or 'false'. */
function TrueFalseCheckbox(props: {
  value?: TrueFalse;
  onChange?: (value: TrueFalse) => void;
  id?: string;
  children: string;
}) {
  return (
    <Checkbox
      id={props.id}
      checked={props.value === 'true'}
      onChange={(event) => props.onChange?.(event.target.checked ? 'true' : 'false')}
      data-testid="chain-job-important"
    >
      {props.children}
    </Checkbox>
  );
}

/** The chain's cron triggers, each with its calendar (issue 34; inside the form, whose fields it uses). */
function ChainCronTriggers({ label, companyCode }: { label: string; companyCode: string }) {
  const calendars = useTriggerCalendars(companyCode, 'TriggerCalendars');
  return (
    <>
      <Form.Item name="CronTrigger" label={label}>
        <CronTriggerList addon={calendars} />
      </Form.Item>
      <Form.Item name="TriggerCalendars" hidden>
        <Input />
      </Form.Item>
    </>
  );
}

/** Add/edit chain job dialog (spec 001 §2): static — only Close or Save closes it. */
export function ChainJobFormModal(props: Props) {
  const { open, target, saving, companies, onSubmit, onClose } = props;
  const { mode, record: initial } = target;
  const t = useT(chainJobMessages);
  const [form] = Form.useForm<ChainJobFormValues>();
  const company = Form.useWatch('CompanyCode', form) ?? initial.CompanyCode;
  const jobs = useCompanyJobs(company);
  const { showError } = useChainJobDialogs();
  useEffect(() => {
    if (jobs.error) showError(jobs.error);
  }, [jobs.error, showError]);

  /** Spec 001 §5: the company sets Sid 555 and CompanyCode; members of the old company no longer fit. */
  const changeCompany = (code: string) => {
    form.setFieldsValue({ Sid: DEFAULT_SID, CompanyCode: code, members: emptyChainJobForm().members });
  };

  return (
    <Modal
      open={open}
      title={mode === 'add' ? t('addTitle') : t('editTitle', { id: initial.ChainId })}
      width="min(860px, 96vw)"
      centered
      // Title and footer stay in a 800 px window however many jobs the chain has: the body scrolls.
      styles={{ body: SCROLLING_BODY }}
      mask={{ closable: false }}
      keyboard={false}
      closable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('save')}
        </Button>,
      ]}
    >
      <Form<ChainJobFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onSubmit}
        data-testid="chain-job-form"
      >
        <Form.Item name="Sid" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="ImportantJob" extra={t('importantJobHelp')}>
          <TrueFalseCheckbox>{t('importantJob')}</TrueFalseCheckbox>
        </Form.Item>
        <Form.Item
          name="CompanyCode"
          label={t('companyCode')}
          rules={[{ required: true, message: t('selectCompany') }]}
        >
          <Select
            placeholder={t('selectCompany')}
            loading={companies.loading}
            disabled={mode === 'edit'}
            showSearch={{ optionFilterProp: 'label' }}
            options={[...companies.options]}
            onChange={changeCompany}
          />
        </Form.Item>
        <Form.Item
          name="ChainId"
          label={t('chainJobId')}
          rules={[{ required: true, pattern: new RegExp(CHAIN_ID_PATTERN), message: t('chainIdInvalid') }]}
        >
          <Input readOnly={mode === 'edit'} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="ChainName"
          label={t('chainJobName')}
          rules={[{ required: true, whitespace: true, message: t('chainNameRequired') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="IsActive" label={t('isActive')}>
          <TrueFalseSwitch />
        </Form.Item>
        <ChainCronTriggers label={t('cronTrigger')} companyCode={company ?? ''} />
        <ChainMemberRows form={form} jobs={jobs} />
      </Form>
    </Modal>
  );
}
