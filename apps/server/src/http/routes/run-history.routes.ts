import { RunHistoryZipRequest } from '@lis/contracts';
import { roleForCompany } from '../../modules/access/access.js';
import type { DmsFilesService } from '../../modules/dms-files/dms-files.service.js';
import { checkZipLimits, zipStream } from '../../modules/files/file-zip.js';
import { fileResponseHeaders } from '../../modules/files/file-view.js';
import type { FilesService } from '../../modules/files/files.service.js';
import { runHistoryListsFor, runHistoryZipName } from '../../modules/files/run-history.js';
import { requireIdentity, type RoutePolicy } from '../plugins/route-policy.js';
import type { TypedApp } from '../typed-app.js';

const anyRole: { policy: RoutePolicy } = {
  policy: { access: 'user', company: { from: 'body', field: 'company_code' } },
};

/**
 * Monitor Detail's history "download all" (issue 17 §6, decision 0029): one run's whole history as one
 * streamed zip, a folder per list. Each list is in it when the backup rule lets the caller zip it
 * (decision 0025: never the API request and response backups; source and return backups for admins);
 * the run's DMS files for every role of the company, as the DMS viewer. Files are read one at a time.
 */
export function runHistoryZipRoute(app: TypedApp, files: FilesService, dms: DmsFilesService): void {
  app.post(
    '/v1/lis-server/get-run-history-zip',
    { config: anyRole, schema: { tags: ['files'], body: RunHistoryZipRequest } },
    async (request, reply) => {
      const body = request.body;
      const job = { companyCode: body.company_code, legacyId: body.legacy_id };
      const run = body.job_instance_no;
      const lists = runHistoryListsFor(roleForCompany(requireIdentity(request), body.company_code));
      const zipName = runHistoryZipName(run);
      request.auditTarget = zipName;
      request.auditDetails = {
        legacy_id: body.legacy_id,
        job_instance_no: run,
        lists: [...lists.map(([kind]) => kind), 'dms'],
      };
      const items = [...(await files.runHistoryItems(job, run, lists)), ...(await dms.zipItems(job, run))];
      checkZipLimits(items);
      return reply
        .headers(fileResponseHeaders(zipName, undefined, 'application/zip'))
        .send(zipStream(items, () => undefined));
    },
  );
}
