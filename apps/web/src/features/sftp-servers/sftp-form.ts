import {
  DEFAULT_SFTP_PORT,
  DEFAULT_SID,
  HOST_PATTERN,
  SERVER_ID_PATTERN,
  type SftpServer,
  type SftpServerWrite,
  type SftpTestRequest,
} from '@lis/contracts';
import type { SftpMessageKey } from './sftp-servers.i18n';

export type SftpFormMode = 'add' | 'edit';

/** What the modal edits; secrets are write-only and start blank. */
export interface SftpFormValues {
  companycode: string;
  sftp_server_id: string;
  sftp_ip: string;
  sftp_port: number | null;
  sftp_username: string;
  sftp_password: string;
  private_key: string;
}

/** Which secrets the record being edited has stored (none when adding). */
export interface StoredSecrets {
  password: boolean;
  privateKey: boolean;
}

export const NO_STORED_SECRETS: StoredSecrets = { password: false, privateKey: false };

export function emptySftpForm(company = ''): SftpFormValues {
  return {
    companycode: company,
    sftp_server_id: '',
    sftp_ip: '',
    sftp_port: DEFAULT_SFTP_PORT,
    sftp_username: '',
    sftp_password: '',
    private_key: '',
  };
}

export function formFromServer(server: SftpServer): SftpFormValues {
  return {
    companycode: server.companycode,
    sftp_server_id: server.sftp_server_id,
    sftp_ip: server.sftp_ip,
    sftp_port: server.sftp_port,
    sftp_username: server.sftp_username,
    sftp_password: '',
    private_key: '',
  };
}

export function storedSecretsOf(server: SftpServer | null): StoredSecrets {
  return server ? { password: server.has_password, privateKey: server.has_private_key } : NO_STORED_SECRETS;
}

const text = (value: string | undefined | null) => (value ?? '').trim();
/** A key keeps its inner line breaks; only surrounding blank space goes. */
const keyText = (value: string | undefined | null) => {
  const trimmed = (value ?? '').trim();
  return trimmed ? `${trimmed}\n` : '';
};

/** The port as a number (spec 001 §5: "Port saved as number"); null when not a valid port. */
export function portNumber(value: unknown): number | null {
  const port = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : null;
}

/** The add/edit body: blank secrets are left out (on edit the server then keeps the stored ones). */
export function toWritePayload(values: SftpFormValues): SftpServerWrite {
  const body: SftpServerWrite = {
    sid: DEFAULT_SID,
    companycode: values.companycode,
    sftp_server_id: text(values.sftp_server_id),
    sftp_ip: text(values.sftp_ip),
    sftp_port: portNumber(values.sftp_port) ?? DEFAULT_SFTP_PORT,
    sftp_username: text(values.sftp_username),
  };
  if (values.sftp_password) body.sftp_password = values.sftp_password;
  const key = keyText(values.private_key);
  if (key) body.private_key = key;
  return body;
}

/**
 * Spec 001 §5: Test Connection needs port, username, password, server id and IP; a key stands in for the
 * password, and so does a secret the record already has stored (DESIGN §6: the test then uses it).
 * Answers the warning's message key, or undefined when the test may run.
 */
export function checkTestFields(
  values: Partial<SftpFormValues>,
  stored: StoredSecrets,
): SftpMessageKey | undefined {
  const hasStored = stored.password || stored.privateKey;
  const filled =
    text(values.sftp_server_id) !== '' &&
    text(values.sftp_ip) !== '' &&
    portNumber(values.sftp_port) !== null &&
    text(values.sftp_username) !== '';
  const secret = (values.sftp_password ?? '') !== '' || text(values.private_key) !== '' || hasStored;
  if (filled && secret) return undefined;
  return hasStored ? 'testRequiredStored' : 'testRequired';
}

/**
 * The test request. A record being edited names itself (sftp_server_id + company_code) so that blank
 * secrets use the stored ones; an unsaved form sends only what was typed.
 */
export function toTestRequest(values: SftpFormValues, mode: SftpFormMode): SftpTestRequest {
  const request: SftpTestRequest = {
    sid: DEFAULT_SID,
    host: text(values.sftp_ip),
    port: portNumber(values.sftp_port) ?? DEFAULT_SFTP_PORT,
    username: text(values.sftp_username),
  };
  if (values.companycode) request.company_code = values.companycode;
  if (mode === 'edit') request.sftp_server_id = text(values.sftp_server_id);
  if (values.sftp_password) request.password = values.sftp_password;
  const key = keyText(values.private_key);
  if (key) request.private_key = key;
  return request;
}

/** Field checks of the form (the server checks the same; these only answer sooner). */
export const serverIdPattern = new RegExp(SERVER_ID_PATTERN);
export const hostPattern = new RegExp(HOST_PATTERN);
export const usernamePattern = /^[^\s:]+$/;
