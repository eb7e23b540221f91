import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { errorText } from '../../ui/error-message';
import { sandboxedDocument } from '../../ui/sandboxed-document';
import { fetchMailBody, mailOutboxKeys } from './mail-outbox-api';
import { mailOutboxMessages } from './mail-outbox.i18n';

interface Props {
  company: string;
  /** The e-mail shown; undefined: closed. */
  seq: number | undefined;
  onClose: () => void;
}

/** One e-mail of the outbox: its subject, and its body as HTML in a sandboxed frame (no script runs). */
export function MailBodyModal({ company, seq, onClose }: Props) {
  const t = useT(mailOutboxMessages);
  const query = useQuery({
    queryKey: mailOutboxKeys.body(company, seq ?? 0),
    queryFn: ({ signal }) => fetchMailBody(company, seq ?? 0, signal),
    enabled: seq !== undefined,
    retry: false,
  });
  return (
    <Modal
      open={seq !== undefined}
      title={t('bodyTitle', { seq: seq ?? '' })}
      width="min(860px, 96vw)"
      centered
      destroyOnHidden
      footer={null}
      onCancel={onClose}
    >
      {query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('notSuccessful')}
          description={errorText(query.error, t('notSuccessful'))}
        />
      ) : (
        <>
          <Typography.Title level={5} data-testid="mail-body-subject">
            {query.data.subject}
          </Typography.Title>
          <iframe
            data-testid="mail-body-frame"
            title={query.data.subject}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={sandboxedDocument(query.data.body_html)}
            style={{ width: '100%', height: 360, border: '1px solid rgba(5, 5, 5, 0.15)', borderRadius: 6 }}
          />
        </>
      )}
    </Modal>
  );
}
