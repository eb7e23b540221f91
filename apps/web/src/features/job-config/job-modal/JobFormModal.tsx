import { ApiOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { useJobConnectionTest } from '../../job-tools';
import type { CompanyChoices } from '../../../ui/resource/form-fields';
import { SCROLLING_BODY } from '../../../ui/resource/ResourceFormModal';
import type { FormModalState, FormTarget } from '../../../ui/resource/useResourceForm';
import { ExpectationSection } from '../expectation/ExpectationSection';
import { expectationMessages } from '../expectation/expectation.i18n';
import { EmailNotificationSections, useJobServerOptions } from '../form-controls';
import type { JobEditorValues } from '../job-editor';
import {
  companyBoundReset,
  formToConnectionTest,
  showsDmsSection,
  showsSourceSection,
  type JobFormValues,
} from '../job-form';
import { ApiServerSection } from './ApiServerSection';
import { DmsSection } from './DmsSection';
import { EdiSection } from './EdiSection';
import { jobFormMessages } from './job-form.i18n';
import { LegacySection } from './LegacySection';
import { ReturnSftpSection } from './ReturnSftpSection';
import { SourceSftpSection } from './SourceSftpSection';

export interface JobFormModalProps extends FormModalState<JobEditorValues> {
  /**
   * The mode, and the form's starting values: defaults, a fetched job (edit) or a template (add), each
   * with its file deadline.
   */
  target: FormTarget<JobEditorValues>;
  companies: CompanyChoices;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} data-testid={testId} role="group" aria-label={title}>
      {children}
    </Card>
  );
}

/**
 * The job modal (spec 001 §2/§3): every section of a job and its file deadline (issue 35), Test
 * Connection, Close and Save.
 */
export function JobFormModal(props: JobFormModalProps) {
  const { open, target, saving, companies, onSubmit, onClose } = props;
  const { mode, record: initialValues } = target;
  const t = useT(jobFormMessages);
  const te = useT(expectationMessages);
  const [form] = Form.useForm<JobEditorValues>();
  const companyCode: string = Form.useWatch('companycode', form) ?? initialValues.companycode;
  const legacyType: string = Form.useWatch('legacytype', form) ?? initialValues.legacytype;
  const servers = useJobServerOptions(companyCode);
  const connectionTest = useJobConnectionTest();

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    // The whole store, hidden sections included (their values are kept, as the old client did).
    onSubmit({ ...initialValues, ...(form.getFieldsValue(true) as JobEditorValues) });
  };

  return (
    <Modal
      open={open}
      title={mode === 'edit' ? t('editTitle', { id: initialValues.legacyid }) : t('addTitle')}
      width={{ xs: '100%', lg: 1100 }}
      centered
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      data-testid="job-form-modal"
      styles={{ body: { ...SCROLLING_BODY, paddingInlineEnd: 8 } }}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button
            icon={<ApiOutlined />}
            data-testid="job-form-test-connection"
            onClick={() =>
              connectionTest.run(formToConnectionTest(form.getFieldsValue(true) as JobFormValues))
            }
          >
            {t('testConnection')}
          </Button>
          <Button onClick={onClose} data-testid="job-form-close">
            {t('close')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="job-form-save">
            {t('save')}
          </Button>
        </Flex>
      }
    >
      <Form<JobEditorValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: Partial<JobFormValues>) => {
          const reset = companyBoundReset(changed);
          if (reset) form.setFieldsValue(reset);
        }}
        aria-label={t(mode === 'edit' ? 'editTitle' : 'addTitle', { id: initialValues.legacyid })}
      >
        <Flex vertical gap={16}>
          <Section title={t('legacySection')} testId="job-section-legacy">
            <LegacySection mode={mode} companies={companies} />
          </Section>
          <Section title={te('section')} testId="job-section-deadline">
            <ExpectationSection />
          </Section>
          {showsSourceSection(legacyType) ? (
            <Section title={t('sourceSection')} testId="job-section-source">
              <SourceSftpSection companyCode={companyCode} servers={servers} />
            </Section>
          ) : null}
          <Section title={t('returnSection')} testId="job-section-return">
            <ReturnSftpSection companyCode={companyCode} servers={servers} />
          </Section>
          <Section title={t('ediSection')} testId="job-section-edi">
            <EdiSection />
          </Section>
          <Section title={t('apiSection')} testId="job-section-api">
            <ApiServerSection companyCode={companyCode} servers={servers} />
          </Section>
          {showsDmsSection(legacyType) ? (
            <Section title={t('dmsSection')} testId="job-section-dms">
              <DmsSection companyCode={companyCode} legacyType={legacyType} servers={servers} />
            </Section>
          ) : null}
          <EmailNotificationSections t={t} />
        </Flex>
      </Form>
      {connectionTest.element}
    </Modal>
  );
}
