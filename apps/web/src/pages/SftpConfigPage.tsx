import { SftpConfig } from '../features/sftp-servers';

/** Route /sftpconfig (admin: the router guards it and the server checks each company). */
export function SftpConfigPage() {
  return <SftpConfig />;
}
