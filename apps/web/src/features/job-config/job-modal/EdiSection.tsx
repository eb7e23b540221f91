import { Col, Form, Input, Row } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { LockedInput } from '../form-controls';
import { jobFormMessages } from './job-form.i18n';

/** EDI Config: the job version and the EDI result, success and error paths (locked by default). */
export function EdiSection() {
  const t = useT(jobFormMessages);
  const label = (key: 'resultPath' | 'successPath' | 'errorPath') => `${t('ediSection')} ${t(key)}`;
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="edi_source_job_version" label={t('jobVersion')}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="edi_source_result_path" label={t('resultPath')}>
          <LockedInput aria-label={label('resultPath')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="edi_source_success_path" label={t('successPath')}>
          <LockedInput aria-label={label('successPath')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="edi_source_error_path" label={t('errorPath')}>
          <LockedInput aria-label={label('errorPath')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
