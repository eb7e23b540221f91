import type { JobConnectionTestRequest } from '@lis/contracts';
import type { JobToolsMessageKey } from './job-tools.i18n';

const isBlank = (value: string | undefined) => !value || value.trim() === '';

/**
 * Spec 001 §5 "Job Test Connection, in order": the message of the first thing missing from the form,
 * or null when the test may run. A pull job (PULL_WAIT) needs only its API server; OUT_WAIT has no
 * source, so its source server and path are not asked for.
 */
export function missingConnectionField(form: JobConnectionTestRequest): JobToolsMessageKey | null {
  if (form.legacytype === 'PULL_WAIT') return isBlank(form.api_serverid) ? 'fillApiServerId' : null;
  const hasSource = form.legacytype !== 'OUT_WAIT';
  if (isBlank(form.api_serverid)) return 'chooseApiServer';
  if (isBlank(form.sftp_return_server_id)) return 'chooseReturnServer';
  if (hasSource && isBlank(form.sftp_source_server_id)) return 'chooseSourceServer';
  if (hasSource && isBlank(form.sftp_source_path)) return 'fillSourcePath';
  if (isBlank(form.sftp_return_path)) return 'fillReturnPath';
  return null;
}
