import type { JobConfig, JobConfigWrite } from '@lis/contracts';
import { Flex, Form } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { TestCloseSaveButtons } from '../../ui/resource/ResourceButtons';
import { formIdOf, ResourceFormModal } from '../../ui/resource/ResourceFormModal';
import { onlyCompany, type CompanyChoices } from '../../ui/resource/form-fields';
import type { FormModalState, FormTarget } from '../../ui/resource/useResourceForm';
import { EmailNotificationSections } from '../job-config';
import { useJobConnectionTest } from '../job-tools';
import { companyBoundReset, type JobFormValues } from '../job-config';
import { emptyPullJobForm, pullJobToForm, toPullJobConnectionTest, toPullJobWrite } from './pull-job-form';
import { PullJobApiSection } from './PullJobApiSection';
import { PullJobLegacySection } from './PullJobLegacySection';
import { pullJobMessages } from './pull-jobs.i18n';
import { usePullJobDialogs } from './usePullJobDialogs';

interface Props extends FormModalState<JobConfigWrite> {
  /** The job the form starts from: the one edited, a template (add mode: its legacy id is cleared), or none. */
  target: FormTarget<JobConfig | null>;
  companies: CompanyChoices;
}

const FORM_ID = formIdOf('pull-job');

/** Add/Edit Pull Job Config (spec 001 §2): Legacy, API Server, four e-mail blocks; Test Connection. */
export function PullJobFormModal({ open, target, saving, companies, onSubmit, onClose }: Props) {
  const t = useT(pullJobMessages);
  const { showWarning } = usePullJobDialogs();
  const connectionTest = useJobConnectionTest();
  const [form] = Form.useForm<JobFormValues>();
  const editing = target.mode === 'edit';
  const initialValues = useMemo(
    () =>
      target.record
        ? pullJobToForm(target.record, editing ? 'edit' : 'template')
        : emptyPullJobForm(onlyCompany(companies)),
    [target.record, editing, companies],
  );
  const companyCode = Form.useWatch('companycode', form) ?? initialValues.companycode;
  const current = (): JobFormValues => ({ ...initialValues, ...form.getFieldsValue(true) });

  /**
   * Spec 001 §5: options and the test need a company ('fill in SID and Company Code'); the shared
   * connection test asks for the API Server ID, confirms and shows the two tiles of a pull job.
   */
  const test = () => {
    const values = current();
    if (values.companycode) connectionTest.run(toPullJobConnectionTest(values));
    else showWarning(t('fillSidAndCompany'));
  };

  return (
    <ResourceFormModal<JobFormValues>
      state={{ open, saving, onClose }}
      title={editing ? t('editTitle', { id: target.record?.legacyid ?? '' }) : t('addTitle')}
      width="min(1100px, 96vw)"
      name="pull-job"
      form={form}
      scrollBody
      footer={
        <TestCloseSaveButtons
          test={{ label: t('testConnection'), onClick: test, 'data-testid': 'pull-job-test' }}
          formId={FORM_ID}
          saving={saving}
          t={t}
          onClose={onClose}
          saveTestId="pull-job-save"
        />
      }
      initialValues={initialValues}
      onValuesChange={(changed: Partial<JobFormValues>) => {
        // Another company's servers and jobs are others: the chosen ones no longer apply.
        const reset = companyBoundReset(changed);
        if (reset) form.setFieldsValue(reset);
      }}
      onFinish={(values) => onSubmit(toPullJobWrite({ ...initialValues, ...values }))}
      after={connectionTest.element}
    >
      <Flex vertical gap={16}>
        <PullJobLegacySection editing={editing} companies={companies} />
        <PullJobApiSection companyCode={companyCode} />
        <EmailNotificationSections t={t} />
      </Flex>
    </ResourceFormModal>
  );
}
