import { CheckCircleOutlined } from '@ant-design/icons';
import {
  SOURCE_DONE_MARKER_MAX,
  SOURCE_EXCLUDE_NAMES_DEFAULT,
  SOURCE_EXCLUDE_NAMES_MAX,
  SOURCE_MIN_AGE_MAX_SECONDS,
} from '@lis/contracts';
import { Button, Col, Flex, Form, Input, InputNumber, Row } from 'antd';
import { useState } from 'react';
import { useT } from '../../../platform/i18n/I18nProvider';
import { FilenameValidatorModal } from '../../job-tools';
import { LockedInput, ServerSelect, YesNoSwitch, type JobServerOptions } from '../form-controls';
import type { JobFormValues } from '../job-form';
import { jobFormMessages } from './job-form.i18n';
import { SftpPathInput } from './SftpPathInput';

interface Props {
  companyCode: string;
  servers: JobServerOptions;
}

/** `{name}` or `{base}` once, with text around it, no folder (the server says exactly what is wrong). */
const DONE_MARKER = /^[^/\\{}]*\{(name|base)\}[^/\\{}]*$/;
const isDoneMarker = (value: string) => DONE_MARKER.test(value) && !/^\{(name|base)\}$/.test(value);

/**
 * Source sFTP Server: where the job's files are fetched from (hidden for OUT_WAIT), and when a file
 * there is ready to take (minimum age, done-marker, excluded names: decision 0018).
 */
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
        <Col xs={24} md={12}>
          <Form.Item
            name="sftp_source_min_age_seconds"
            label={t('minAge')}
            tooltip={t('minAgeHelp')}
            htmlFor="job-source-min-age"
          >
            <InputNumber<number>
              id="job-source-min-age"
              min={0}
              max={SOURCE_MIN_AGE_MAX_SECONDS}
              precision={0}
              placeholder="0"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sftp_source_done_marker"
            label={t('doneMarker')}
            tooltip={t('doneMarkerHelp')}
            htmlFor="job-source-done-marker"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const marker = (value ?? '').trim();
                  if (marker !== '' && !isDoneMarker(marker)) throw new Error(t('doneMarkerInvalid'));
                },
              },
            ]}
          >
            <Input id="job-source-done-marker" maxLength={SOURCE_DONE_MARKER_MAX} placeholder="{name}.done" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="sftp_source_exclude_names"
            label={t('excludeNames')}
            tooltip={t('excludeNamesHelp')}
            htmlFor="job-source-exclude-names"
          >
            <Input
              id="job-source-exclude-names"
              maxLength={SOURCE_EXCLUDE_NAMES_MAX}
              placeholder={SOURCE_EXCLUDE_NAMES_DEFAULT}
            />
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
