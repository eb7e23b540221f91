import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACTION_PASSWORD_HEADER,
  FileDeleteRequest,
  FileDownloadRequest,
  FileListAllRequest,
  FileListRequest,
  FileListResponse,
  FileUploadRequest,
  MessageResponse,
  Step4ErrorZipRequest,
  UPLOAD_MAX_BYTES,
  type FileDisposition,
  type FileListKind,
  type LiveFileList,
} from '@lis/contracts';
import { message } from '../../i18n/messages.js';
import { requireBackupAccess, type BackupKind } from '../../modules/files/backup-access.js';
import { fileResponseHeaders, limitedBody } from '../../modules/files/file-view.js';
import type { FileDownload, JobRef } from '../../modules/files/files.service.js';
import { HttpError } from '../http-error.js';
import { requireIdentity, type RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { runHistoryZipRoute } from './run-history.routes.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['files'];
const company = { from: 'body', field: 'company_code' } as const;
/**
 * Any role of the body's company (the monitoring screens are everyone's, spec 000 §6). Who may read
 * which backup is then decided by the one backup rule (`requireBackupAccess`, decision 0025).
 */
const anyRole: { policy: RoutePolicy } = { policy: { access: 'user', company } };
/** The base64 of the largest upload, plus room for the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4 + 64 * 1024;

const jobOf = (body: { company_code: string; legacy_id: string }): JobRef => ({
  companyCode: body.company_code,
  legacyId: body.legacy_id,
});
const runOf = (value: string | undefined) => (value ? value : undefined);
const isLive = (kind: FileListKind): kind is LiveFileList =>
  kind === 'sftp_source_server' || kind === 'sftp_return_server';

/**
 * A file or a zip; one file asked `inline` is served for viewing when it is a PDF or an image, and one
 * file asked with `limit` is cut to its first bytes (a text preview) — both decision 0029.
 */
function send(reply: FastifyReply, download: FileDownload, disposition?: FileDisposition, limit?: number) {
  reply.headers(fileResponseHeaders(download.fileName, disposition, download.contentType));
  const body = limitedBody(download.stream, download.size, limit);
  reply.headers(body.headers);
  if (body.length !== undefined) reply.header('content-length', body.length);
  return reply.send(body.stream);
}

/**
 * The file-list modal (spec 000 §2, §7 "Files"): lists, downloads, zips, uploads and deletes. Every
 * route is scoped to the body's company; see docs/decisions/0011-file-endpoints.md for who may do
 * what. Lists are not audited; downloads, uploads and deletes are (file name and list, never content).
 */
export function fileRoutes(app: TypedApp, ctx: AppContext): void {
  const { files, fileChanges: changes, stepUp, dmsFiles } = ctx.services;
  runHistoryZipRoute(app, files, dmsFiles);

  const audit = (request: FastifyRequest, target: string | undefined, details: Record<string, unknown>) => {
    request.auditTarget = (target ?? '').slice(0, 255);
    request.auditDetails = details;
  };

  app.post(
    '/v3/lis-server/files/sftp/path',
    {
      config: { ...anyRole, audit: false },
      schema: { tags, body: FileListRequest, response: { 200: FileListResponse } },
    },
    async (request) => {
      const body = request.body;
      const kind = body.list_type === 'sftp_source_backup_main_page' ? 'sftp_source_backup' : body.list_type;
      if (!isLive(kind)) requireBackupAccess(requireIdentity(request), body.company_code, kind, 'list');
      return files.list(jobOf(body), kind, runOf(body.job_instance_no));
    },
  );

  app.post(
    '/v1/lis-server/files/sftp/path-recursive',
    {
      config: { ...anyRole, audit: false },
      schema: { tags, body: FileListAllRequest, response: { 200: FileListResponse } },
    },
    async (request) => {
      const body = request.body;
      const kind = body.list_type === 'sftp_source_backup_main_page' ? 'sftp_source_backup' : body.list_type;
      if (kind !== 'sftp_source_backup')
        throw new HttpError(
          'FILE_LIST_TYPE_WRONG',
          message(request.language, 'fileListTypeWrong', { listType: kind }),
        );
      requireBackupAccess(requireIdentity(request), body.company_code, kind, 'list');
      return files.list(jobOf(body), kind, undefined);
    },
  );

  const downloadSchema = { tags, body: FileDownloadRequest };

  // One file of a live folder (monitoring report: any role).
  const liveDownloads: [string, LiveFileList][] = [
    ['/v1/lis-server/get-source-file-with-legacyid', 'sftp_source_server'],
    ['/v1/lis-server/get-destination-file-with-legacyid', 'sftp_return_server'],
  ];
  for (const [url, kind] of liveDownloads)
    app.post(url, { config: anyRole, schema: downloadSchema }, async (request, reply) => {
      const body = request.body;
      audit(request, body.path, { legacy_id: body.legacy_id, list_type: kind });
      return send(
        reply,
        await files.downloadLive(jobOf(body), kind, body.path, body.file_path),
        body.disposition,
        body.limit,
      );
    });

  // Every file of a live folder as one zip.
  const liveZips: [string, LiveFileList][] = [
    ['/v1/lis-server/get-all-source-files-with-legacyid', 'sftp_source_server'],
    ['/v1/lis-server/get-all-destination-files-with-legacyid', 'sftp_return_server'],
  ];
  for (const [url, kind] of liveZips)
    app.post(url, { config: anyRole, schema: downloadSchema }, async (request, reply) => {
      const body = request.body;
      const zipName = `${runOf(body.job_instance_no) ?? body.legacy_id}_${kind}.zip`;
      audit(request, zipName, { legacy_id: body.legacy_id, list_type: kind });
      return send(reply, await files.zipLive(jobOf(body), kind, zipName));
    });

  /**
   * The backup kind of a download, once the backup rule allows it (decision 0025): `get-backup-…` is
   * the source backup, `get-…-file-…` any backup list (a live folder there is 400).
   */
  const backupKind = (
    request: FastifyRequest,
    body: FileDownloadRequest,
    fixed: BackupKind | undefined,
    purpose: 'download' | 'zip' | 'folder-zip',
  ): BackupKind => {
    const kind = fixed ?? body.list_type ?? 'sftp_source_backup';
    if (isLive(kind))
      throw new HttpError(
        'FILE_LIST_TYPE_WRONG',
        message(request.language, 'fileListTypeWrong', { listType: kind }),
      );
    requireBackupAccess(requireIdentity(request), body.company_code, kind, purpose);
    return kind;
  };

  const backupDownloads: [string, BackupKind | undefined][] = [
    ['/v1/lis-server/get-file-with-legacyid', undefined],
    ['/v1/lis-server/get-backup-file-with-legacyid', 'sftp_source_backup'],
  ];
  for (const [url, fixed] of backupDownloads)
    app.post(url, { config: anyRole, schema: downloadSchema }, async (request, reply) => {
      const body = request.body;
      const kind = backupKind(request, body, fixed, 'download');
      const run = runOf(body.job_instance_no);
      audit(request, body.path, { legacy_id: body.legacy_id, list_type: kind, job_instance_no: run });
      const scope = await files.backupScope(jobOf(body), kind, run);
      return send(reply, await files.downloadBackup(scope, body.path), body.disposition, body.limit);
    });

  const backupZips: [string, BackupKind | undefined][] = [
    ['/v1/lis-server/get-all-file-with-legacyid', undefined],
    ['/v1/lis-server/get-backup-all-file-with-legacyid', 'sftp_source_backup'],
  ];
  for (const [url, fixed] of backupZips)
    app.post(url, { config: anyRole, schema: downloadSchema }, async (request, reply) => {
      const body = request.body;
      // `get-backup-all-…` is the monitoring report's backup folder, Download All: every role.
      const kind = backupKind(request, body, fixed, fixed ? 'folder-zip' : 'zip');
      const run = runOf(body.job_instance_no);
      const zipName = `${run ?? body.legacy_id}_${kind}.zip`;
      audit(request, zipName, { legacy_id: body.legacy_id, list_type: kind, job_instance_no: run });
      const scope = await files.backupScope(jobOf(body), kind, run);
      return send(reply, await files.zipBackups(scope, zipName));
    });

  // Spec 000 §2: the monitoring report's step-4 button, for every role: `{job_instance_no}_error.zip`.
  app.post(
    '/v1/lis-server/get-source-files-when-step4-error',
    { config: anyRole, schema: { tags, body: Step4ErrorZipRequest } },
    async (request, reply) => {
      const body = request.body;
      requireBackupAccess(requireIdentity(request), body.company_code, 'step4_error', 'zip');
      const zipName = `${body.job_instance_no}_error.zip`;
      audit(request, zipName, { legacy_id: body.legacy_id, list_type: 'step4_error' });
      const scope = await files.backupScope(jobOf(body), 'step4_error', body.job_instance_no);
      return send(reply, await files.zipBackups(scope, zipName));
    },
  );

  for (const version of ['v1', 'v2'])
    app.put(
      `/${version}/lis-server/put-file`,
      {
        config: anyRole,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: { tags, body: FileUploadRequest, response: { 200: MessageResponse } },
      },
      async (request) => {
        const body = request.body;
        audit(request, body.file_name, { legacy_id: body.legacy_id, list_type: body.list_type });
        const stored = await changes.upload({
          ...jobOf(body),
          kind: body.list_type,
          fileName: body.file_name,
          data: body.data,
        });
        audit(request, body.file_name, { legacy_id: body.legacy_id, list_type: body.list_type, ...stored });
        return { message: message(request.language, 'fileUploaded', { name: body.file_name ?? '' }) };
      },
    );

  for (const version of ['v1', 'v2'])
    app.delete(
      `/${version}/lis-server/rm-file`,
      {
        config: anyRole,
        schema: { tags, body: FileDeleteRequest, response: { 200: MessageResponse } },
      },
      async (request) => {
        const body = request.body;
        audit(request, body.file_name, { legacy_id: body.legacy_id, list_type: body.list_type });
        const input = {
          ...jobOf(body),
          kind: body.list_type,
          fileName: body.file_name,
          filePath: body.file_path,
        };
        const fileName = changes.checkRemove(input);
        await stepUp.verify(requireIdentity(request).username, request.headers[ACTION_PASSWORD_HEADER], {
          action: 'delete-file',
          target: fileName,
          companyCode: body.company_code,
          method: request.method,
          ip: request.ip,
        });
        const removed = await changes.remove(input);
        audit(request, fileName, { legacy_id: body.legacy_id, list_type: body.list_type, path: removed });
        return { message: message(request.language, 'fileDeleted', { name: fileName }) };
      },
    );
}
