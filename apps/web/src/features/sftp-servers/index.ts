/** The public entry of features/sftp-servers: what other features and pages may use. */
export * from './SftpConfig';
