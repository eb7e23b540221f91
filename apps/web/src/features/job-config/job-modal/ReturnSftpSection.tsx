import { Col, Form, Input, Row } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { LockedInput, ServerSelect, type JobServerOptions } from '../form-controls';
import type { JobFormValues } from '../job-form';
import { jobFormMessages } from './job-form.i18n';
import { SftpPathInput } from './SftpPathInput';

interface Props {
  companyCode: string;
  servers: JobServerOptions;
}

/** Destination sFTP Server: where result files go back to. */
export function ReturnSftpSection({ companyCode, servers }: Props) {
  const t = useT(jobFormMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const serverId = Form.useWatch('sftp_return_server_id', form) ?? '';
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="sftp_return_server_id" label={t('sftpServer')}>
          <ServerSelect companyCode={companyCode} options={servers.sftp} loading={servers.loading.sftp} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="sftp_return_path" label={t('returnPath')}>
          <SftpPathInput companyCode={companyCode} sftpServerId={serverId} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="sftp_return_formatfilename" label={t('formatFilename')}>
          <Input maxLength={500} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="sftp_return_success_path" label={t('successPath')}>
          <LockedInput aria-label={`${t('returnSection')} ${t('successPath')}`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="sftp_return_error_path" label={t('errorPath')}>
          <LockedInput aria-label={`${t('returnSection')} ${t('errorPath')}`} />
        </Form.Item>
      </Col>
    </Row>
  );
}
