import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useT } from '../../../app/i18n/I18nProvider';
import { FilenameValidatorModal } from '../../job-tools';
import { LockedInput, ServerSelect, YesNoSwitch, type JobServerOptions } from '../form-controls';
import type { JobFormValues } from '../job-form';
import { jobFormMessages } from './job-form.i18n';
import { SftpPathInput } from './SftpPathInput';

interface Props {
  companyCode: string;
  servers: JobServerOptions;
}

/** Source sFTP Server: where the job's files are fetched from (hidden for OUT_WAIT). */
export function SourceSftpSection({ companyCode, servers }: Props) {
  const t = useT(jobFormMessages);
  const form = Form.useFormInstance<JobFormValues>();
  const serverId = Form.useWatch('sftp_source_server_id', form) ?? '';
  const [validating, setValidating] = useState(false);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="sftp_source_server_id" label={t('sftpServer')}>
            <ServerSelect companyCode={companyCode} options={servers.sftp} loading={servers.loading.sftp} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sftp_source_path" label={t('sourcePath')}>
            <SftpPathInput companyCode={companyCode} sftpServerId={serverId} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('formatFilename')} htmlFor="job-source-formatfilename">
            <Flex gap={4}>
              <Form.Item name="sftp_source_formatfilename" noStyle>
                <Input id="job-source-formatfilename" maxLength={500} />
              </Form.Item>
              <Button
                icon={<CheckCircleOutlined />}
                aria-label={t('validateFilename')}
                title={t('validateFilename')}
                onClick={() => setValidating(true)}
              />
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sftp_source_filetype" label={t('fileType')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sftp_source_dest_localpath" label={t('destLocalPath')}>
            <LockedInput aria-label={t('destLocalPath')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sftp_source_isdeletesource" label={t('deleteSource')}>
            <YesNoSwitch aria-label={t('deleteSource')} />
          </Form.Item>
        </Col>
      </Row>
      {validating ? (
        <FilenameValidatorModal
          open
          initialRegex={form.getFieldValue('sftp_source_formatfilename') ?? ''}
          onClose={() => setValidating(false)}
          onOk={(regex) => {
            form.setFieldValue('sftp_source_formatfilename', regex);
            setValidating(false);
          }}
        />
      ) : null}
    </>
  );
}
