import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { JobConnectionCheck } from '@lis/contracts';
import { Button, Card, Col, Modal, Row, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { jobToolsMessages } from './job-tools.i18n';

const PASSED = 200;

/**
 * The spec's Test Status modal: one tile per check, in the order the server answered, a green tick
 * when the check's status is 200 and a red cross otherwise, with the check's message.
 */
export function ConnectionTestStatusModal({
  checks,
  onClose,
}: {
  checks: readonly JobConnectionCheck[] | null;
  onClose: () => void;
}) {
  const t = useT(jobToolsMessages);
  return (
    <Modal
      open={checks !== null}
      title={t('testStatusTitle')}
      width="min(760px, 96vw)"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <Row gutter={[12, 12]}>
        {checks?.map((check) => {
          const passed = check.status === PASSED;
          return (
            <Col key={check.key} xs={24} sm={12} md={8}>
              <Card
                size="small"
                style={{ height: '100%', textAlign: 'center' }}
                data-testid={`connection-tile-${check.key}`}
                data-status={passed ? 'ok' : 'failed'}
              >
                {passed ? (
                  <CheckCircleFilled style={{ fontSize: 32, color: '#52c41a' }} aria-label="ok" />
                ) : (
                  <CloseCircleFilled style={{ fontSize: 32, color: '#ff4d4f' }} aria-label="failed" />
                )}
                <Typography.Paragraph strong style={{ margin: '8px 0 4px' }}>
                  {t(check.key)}
                </Typography.Paragraph>
                <Typography.Text type={passed ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
                  {check.message}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Modal>
  );
}
