import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** The answer limit of this scene: 96 KiB (LIS_FUNCTION_MAX_ANSWER_MB in a started server). */
const LIMIT = 96 * 1024;

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('streamed function calls (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers, { maxAnswerBytes: LIMIT });
  const { addJob, runNow, stepsOf } = scene;

  async function echoJob(legacyId: string, name: string, bytes: Buffer) {
    const inbox = path.join(scene.root, `${legacyId}-in`);
    const outbox = path.join(scene.root, `${legacyId}-out`);
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    fs.writeFileSync(path.join(inbox, name), bytes);
    await addJob(legacyId, {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: outbox,
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    return { inbox, outbox };
  }

  const ledger = (runId: string) =>
    scene.t.database.db.kysely
      .selectFrom('run_files')
      .select(['list_type', 'file_name', 'size', 'sha256'])
      .where('run_id', '=', runId)
      .orderBy('seq')
      .execute();

  it('every byte of a binary file reaches the function and comes back exact (base64 in pieces both ways)', async () => {
    // Not text: every byte value, at a size that is no multiple of 3 or 4 (base64 groups).
    const bytes = Buffer.concat([crypto.randomBytes(20_011), Buffer.from([0, 255, 0xef, 0xbb, 0xbf])]);
    const { outbox } = await echoJob('ECHO-BIN', 'blob.bin', bytes);
    const run = await runNow('ECHO-BIN', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    const delivered = fs.readFileSync(path.join(outbox, 'return_success', 'blob.bin'));
    expect(sha(delivered)).toBe(sha(bytes));
    const rows = await ledger(run.id);
    expect(rows.find((row) => row.list_type === 'return_success')).toMatchObject({
      size: bytes.length,
      sha256: sha(bytes),
    });
    // The request backup is the JSON the function received: the file's bytes, hash and size.
    const request = rows.find((row) => row.list_type === 'api_request');
    expect(request?.size).toBeGreaterThan(bytes.length * 1.3);
  });

  it('an answer over the limit ends step 2 ERROR naming the limit and its setting; nothing of it is kept or delivered', async () => {
    const bytes = crypto.randomBytes(LIMIT); // echoed as base64: a third more than the limit
    const { inbox, outbox } = await echoJob('ECHO-BIG', 'big.bin', bytes);
    const run = await runNow('ECHO-BIG', 'IN_WAIT');
    expect(run.state).toBe('ERROR');
    expect(run.message).toContain('answered more than 0.1 MB, the largest function answer accepted');
    expect(run.message).toContain('LIS_FUNCTION_MAX_ANSWER_MB');
    expect(await stepsOf(run.id)).toMatchObject({ 1: 'SUCCESS', 2: 'ERROR' });
    expect((await stepsOf(run.id))[3]).toBeUndefined();
    const rows = await ledger(run.id);
    expect(rows.map((row) => row.list_type).sort()).toEqual(['api_request', 'source']);
    expect(rows.find((row) => row.list_type === 'source')?.sha256).toBe(sha(bytes));
    expect(fs.readdirSync(inbox)).toEqual([]);
    expect(fs.existsSync(path.join(outbox, 'return_success'))).toBe(false);
  });
});
