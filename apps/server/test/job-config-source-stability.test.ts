import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Step 1's per-job stability options on the job config routes (decision 0018). */
describe.each(DATABASE_KINDS)('job configuration: source stability options (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  const job = (legacyid: string, over: Record<string, unknown> = {}) => ({
    sid: '555',
    companycode: 'A',
    legacyid,
    legacyname: 'Inbound',
    legacytype: 'IN_WAIT',
    sftp_source_path: '/in',
    ...over,
  });
  const save = (mode: 'add' | 'update', body: Record<string, unknown>, language = 'en') =>
    t.as('admin-a', {
      method: mode === 'add' ? 'POST' : 'PUT',
      url: `/v1/config/job-config/${mode}`,
      payload: body,
      headers: { 'accept-language': language },
    });
  const get = async (legacyId: string) => {
    const r = await t.as('admin-a', {
      url: `/v1/config/job-config/get?sid=555&company_code=A&legacy_id=${legacyId}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<Record<string, unknown>>();
    return {
      sftp_source_min_age_seconds: body.sftp_source_min_age_seconds,
      sftp_source_done_marker: body.sftp_source_done_marker,
      sftp_source_exclude_names: body.sftp_source_exclude_names,
    };
  };

  it('a client that does not know the fields gets no age, no marker and the default exclusions', async () => {
    const r = await save('add', job('LEGACY-1'));
    expect(r.statusCode, r.body).toBe(200);
    expect(await get('LEGACY-1')).toEqual({
      sftp_source_min_age_seconds: 0,
      sftp_source_done_marker: '',
      sftp_source_exclude_names: '',
    });
  });

  it('round-trips the fields (trimmed, patterns |-joined); an update without them keeps them', async () => {
    let r = await save(
      'add',
      job('STAB-1', {
        sftp_source_min_age_seconds: 120,
        sftp_source_done_marker: ' {name}.done ',
        sftp_source_exclude_names: ' *.bak , ~* || .*',
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const stored = {
      sftp_source_min_age_seconds: 120,
      sftp_source_done_marker: '{name}.done',
      sftp_source_exclude_names: '*.bak|~*|.*',
    };
    expect(await get('STAB-1')).toEqual(stored);

    // A legacy client's update (without the new fields) must not drop the job's protection.
    r = await save('update', job('STAB-1', { legacyname: 'Renamed' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(await get('STAB-1')).toEqual(stored);

    // A number as text is taken too (the legacy API sends text).
    r = await save('update', job('STAB-1', { sftp_source_min_age_seconds: '90' }));
    expect(r.statusCode, r.body).toBe(200);
    expect((await get('STAB-1')).sftp_source_min_age_seconds).toBe(90);

    // Blank clears: no marker, the default exclusions; 0 is no minimum age.
    r = await save(
      'update',
      job('STAB-1', {
        sftp_source_min_age_seconds: 0,
        sftp_source_done_marker: ' ',
        sftp_source_exclude_names: '',
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(await get('STAB-1')).toEqual({
      sftp_source_min_age_seconds: 0,
      sftp_source_done_marker: '',
      sftp_source_exclude_names: '',
    });

    r = await save('update', job('STAB-1', { sftp_source_done_marker: '{base}.ok' }));
    expect(r.statusCode, r.body).toBe(200);
    expect((await get('STAB-1')).sftp_source_done_marker).toBe('{base}.ok');
  });

  it('the export carries the fields', async () => {
    const r = await t.as('admin-a', { url: '/v1/config/export?company_code=A&legacy_id=STAB-1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result_list[0]).toMatchObject({
      legacyid: 'STAB-1',
      sftp_source_min_age_seconds: 0,
      sftp_source_done_marker: '{base}.ok',
      sftp_source_exclude_names: '',
    });
  });

  it.each([
    ['an age below 0', { sftp_source_min_age_seconds: -1 }, /sftp_source_min_age_seconds/],
    ['an age above a day', { sftp_source_min_age_seconds: 86_401 }, /sftp_source_min_age_seconds/],
    ['a fractional age', { sftp_source_min_age_seconds: 1.5 }, /sftp_source_min_age_seconds/],
    ['an age that is not a number', { sftp_source_min_age_seconds: 'soon' }, /sftp_source_min_age_seconds/],
    ['a marker without a placeholder', { sftp_source_done_marker: 'x.done' }, /\{name\} or \{base\}/],
    ['a marker that is only the placeholder', { sftp_source_done_marker: '{name}' }, /nothing but/],
    ['a marker in another folder', { sftp_source_done_marker: '../{name}.done' }, /no \/ or/],
    ['a marker with two placeholders', { sftp_source_done_marker: '{base}.{name}' }, /exactly one/],
    ['a too long marker', { sftp_source_done_marker: `{name}${'x'.repeat(100)}` }, /sftp_source_done_marker/],
    ['an exclusion with a path', { sftp_source_exclude_names: '*.tmp|tmp/*' }, /tmp\/\* cannot be used/],
    ['a too long exclusion', { sftp_source_exclude_names: `${'x'.repeat(101)}` }, /longer than 100/],
    [
      'too long an exclusion list',
      { sftp_source_exclude_names: Array(101).fill('*.ab').join('|') },
      /sftp_source_exclude_names/,
    ],
  ])('refuses %s with 400 and a message, storing nothing', async (_what, fields, expected) => {
    const r = await save('update', job('STAB-1', fields));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toEqual({ message: expect.stringMatching(expected), code: expect.any(String) });
    expect((await get('STAB-1')).sftp_source_done_marker).toBe('{base}.ok');
    expect((await save('add', job('STAB-NEW', fields))).statusCode).toBe(400);
  });

  it('says it in Thai', async () => {
    const r = await save('update', job('STAB-1', { sftp_source_done_marker: 'x.done' }), 'th');
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toContain('ต้องมี {name} หรือ {base} หนึ่งครั้ง');
  });
});
