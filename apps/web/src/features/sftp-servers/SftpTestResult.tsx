import { Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { sftpMessages } from './sftp-servers.i18n';

/** The success of Test Connection: the server's message and the names in the remote root folder. */
export function SftpTestResult({ message, entries }: { message: string; entries: readonly string[] }) {
  const t = useT(sftpMessages);
  return (
    <div data-testid="sftp-test-result">
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <Typography.Text type="secondary">{entries.length ? t('rootListing') : t('rootEmpty')}</Typography.Text>
      {entries.length > 0 && (
        <ul style={{ maxHeight: 200, overflowY: 'auto', margin: '8px 0 0', paddingInlineStart: 20 }}>
          {entries.map((name) => (
            <li key={name}>
              <Typography.Text code>{name}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
