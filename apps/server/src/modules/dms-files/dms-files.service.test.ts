import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { DmsClient, type DmsPutFile } from '../../adapters/dms/index.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DMS_TOKEN, savePeerServers, useServicePeers } from '../../test-support/service-peers.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const peers = useServicePeers({ sshd: false });
const bytes = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

async function seed(h: ServiceHarness): Promise<void> {
  const dmsJob = (companycode: string, legacyid: string, dms_serverid: string) =>
    h.services.jobs.save(
      {
        companycode,
        legacyid,
        legacyname: legacyid,
        legacytype: 'DMS_WAIT',
        dms_serverid,
        dms_bucket: 'invoices',
      },
      'add',
      'root',
    );
  await savePeerServers(h, peers, 'A');
  await savePeerServers(h, peers, 'B');
  await h.services.dmsServers.save(
    { companycode: 'A', dms_serverid: 'dms-wrong', dms_url: peers.dms.url, dms_token: 'not-the-token' },
    'add',
    'root',
  );
  await dmsJob('A', 'DMS-1', 'dms-a');
  await dmsJob('A', 'WRONG-TOKEN', 'dms-wrong');
  await dmsJob('B', 'DMS-1', 'dms-b');
  await h.services.jobs.save(
    { companycode: 'A', legacyid: 'NO-DMS', legacyname: 'No DMS', legacytype: 'PULL_WAIT' },
    'add',
    'root',
  );
}

describe.each(DATABASE_KINDS)('DmsFilesService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const dmsFiles = () => h.services.dmsFiles;
  const A = { companyCode: 'A', legacyId: 'DMS-1' };
  const B = { companyCode: 'B', legacyId: 'DMS-1' };
  /** Runs of each company's DMS-1 (queued: the DMS files are put as step 3 puts them). */
  let runA: string;
  let runB: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    runA = (await h.services.scheduling.runImmediately('A', 'DMS-1', 'root')).job_instance_no;
    runB = (await h.services.scheduling.runImmediately('B', 'DMS-1', 'root')).job_instance_no;
    const client = new DmsClient({ baseUrl: peers.dms.url, token: DMS_TOKEN });
    const put = async (name: string, file: Partial<DmsPutFile>) => {
      const placed = {
        bucket: 'invoices',
        box: 'box-1',
        group: 'group-1',
        role: 'finance',
        content: Buffer.from(name),
      };
      ids[name] = (await client.putFile({ ...placed, file_name: name, job_instance_no: runA, ...file })).id;
    };
    await put('a.pdf', {});
    await put('elsewhere.pdf', { bucket: 'other' });
    await put('b.pdf', { job_instance_no: runB });
  });

  it("lists a run's files in the job's bucket, and serves each whole", async () => {
    const listed = await dmsFiles().list(A, runA, undefined);
    expect(listed.result_list.map((row) => [row.file_name, row.bucket])).toEqual([['a.pdf', 'invoices']]);
    const file = await dmsFiles().file(A, ids['a.pdf']!);
    expect([file.fileName, await bytes(file.stream)]).toEqual(['a.pdf', 'a.pdf']);
    const items = await dmsFiles().zipItems(A, runA);
    expect(items.map((item) => item.segments)).toEqual([['dms', 'invoices', 'a.pdf']]);
    expect(await bytes(await items[0]!.open(new AbortController().signal))).toBe('a.pdf');
  });

  it("answers the job's DMS settings without its token", async () => {
    expect(await dmsFiles().settings(A)).toEqual({
      result_list: [{ dms_url: peers.dms.url, dms_bucket: 'invoices', has_token: true }],
      total_count: 1,
    });
    expect(await dmsFiles().settings({ companyCode: 'A', legacyId: 'NO-DMS' })).toEqual({
      result_list: [],
      total_count: 0,
    });
  });

  it('refuses a bucket the run did not deliver to, a run the job does not have and a job without DMS', async () => {
    await expectRefusal(dmsFiles().list(A, runA, 'other'), { kind: 'not_found', key: 'dmsBucketNotOfRun' });
    await expectRefusal(dmsFiles().list(A, runB, undefined), { kind: 'not_found', key: 'dmsRunNotFound' });
    await expectRefusal(dmsFiles().list({ companyCode: 'A', legacyId: 'NO-DMS' }, runA, undefined), {
      kind: 'not_found',
      key: 'dmsNotConfigured',
    });
    expect(await dmsFiles().zipItems({ companyCode: 'A', legacyId: 'NO-DMS' }, runA)).toEqual([]);
  });

  it("never serves a file of another company's run, nor one outside the run's buckets", async () => {
    for (const [job, id] of [
      [A, ids['b.pdf']!],
      [B, ids['a.pdf']!],
      [A, ids['elsewhere.pdf']!],
      [A, 'no-such-id'],
    ] as const)
      await expectRefusal(dmsFiles().file(job, id), { kind: 'not_found', key: 'dmsFileNotFound' });
    expect((await dmsFiles().list(B, runB, undefined)).result_list.map((row) => row.file_name)).toEqual([
      'b.pdf',
    ]);
  });

  it('a DMS that refuses the stored token is a failed peer, naming the server, never the token', async () => {
    const run = (await h.services.scheduling.runImmediately('A', 'WRONG-TOKEN', 'root')).job_instance_no;
    const error = await expectRefusal(
      dmsFiles().list({ companyCode: 'A', legacyId: 'WRONG-TOKEN' }, run, undefined),
      {
        kind: 'peer_failed',
        key: 'dmsRemoteFailed',
        params: { server: 'dms-wrong' },
      },
    );
    expect(error.message).not.toContain('not-the-token');
  });
});
