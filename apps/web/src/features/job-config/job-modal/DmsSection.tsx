import { Alert, Col, Form, Input, Row } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { ServerSelect, type JobServerOptions } from '../form-controls';
import { dmsTargetFieldsDisabled } from '../job-form';
import { jobFormMessages } from './job-form.i18n';

interface Props {
  companyCode: string;
  legacyType: string;
  servers: JobServerOptions;
}

/** DMS Server (DMS legacy types only); DMS_DYN_WAIT disables the bucket, box id and group id. */
export function DmsSection({ companyCode, legacyType, servers }: Props) {
  const t = useT(jobFormMessages);
  const dynamic = dmsTargetFieldsDisabled(legacyType);
  return (
    <>
      {dynamic ? (
        <Alert type="info" showIcon title={t('dmsDynamicHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="dms_serverid" label={t('dmsServerId')}>
            <ServerSelect companyCode={companyCode} options={servers.dms} loading={servers.loading.dms} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dms_bucket" label={t('dmsBucket')}>
            <Input disabled={dynamic} maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dms_boxid" label={t('dmsBoxId')}>
            <Input disabled={dynamic} maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dms_roleaccess" label={t('dmsRoleAccess')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dms_group" label={t('dmsGroup')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dms_groupid" label={t('dmsGroupId')}>
            <Input disabled={dynamic} maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
