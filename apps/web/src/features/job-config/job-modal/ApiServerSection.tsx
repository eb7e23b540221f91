import { Col, Form, Input, Row } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { LockedInput, ServerSelect, type JobServerOptions } from '../form-controls';
import { jobFormMessages } from './job-form.i18n';

interface Props {
  companyCode: string;
  servers: JobServerOptions;
}

/** API Server: the function the job calls, and its success, error and result paths (locked). */
export function ApiServerSection({ companyCode, servers }: Props) {
  const t = useT(jobFormMessages);
  const label = (key: 'resultPath' | 'successPath' | 'errorPath') => `${t('apiSection')} ${t(key)}`;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="api_serverid" label={t('apiServerId')}>
          <ServerSelect companyCode={companyCode} options={servers.api} loading={servers.loading.api} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="api_classname" label={t('apiClassName')}>
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="api_function_name" label={t('apiFunctionName')}>
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="api_success_path" label={t('successPath')}>
          <LockedInput aria-label={label('successPath')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="api_error_path" label={t('errorPath')}>
          <LockedInput aria-label={label('errorPath')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="api_result_path" label={t('resultPath')}>
          <LockedInput aria-label={label('resultPath')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
