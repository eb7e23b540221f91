import { describe, expect, it } from 'vitest';
import { EMAIL_SUBJECT_MAX, type EmailContentItem } from '@lis/contracts';
import { expectRefusal, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
const item = (over: Partial<EmailContentItem> = {}): EmailContentItem => ({
  condition: 'finished',
  content_subject: b64('งาน {legacy_id} เสร็จแล้ว'),
  content_body: b64('<p>Finished</p>'),
  ...over,
});

describe.each(DATABASE_KINDS)('EmailContentService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const subjects = async (company: string) =>
    Object.fromEntries(
      (await h.services.emailContents.list(company)).result_list.map((r) => [
        r.condition,
        text(r.content_subject),
      ]),
    );

  it('lists the four conditions, blank until saved; a save is read back as UTF-8 text in base64', async () => {
    expect(await subjects('A')).toEqual({ finished: '', warning: '', error: '', function_error: '' });
    const audit = await h.services.emailContents.save('A', [item(), item({ condition: 'error' })], 'admin-a');
    expect(audit).toMatchObject({ before: [], after: [{ condition: 'finished' }, { condition: 'error' }] });
    expect(await subjects('A')).toEqual({
      finished: 'งาน {legacy_id} เสร็จแล้ว',
      warning: '',
      error: 'งาน {legacy_id} เสร็จแล้ว',
      function_error: '',
    });
    // A second save replaces only the conditions it names, and tells the audit what they were.
    const again = await h.services.emailContents.save(
      'A',
      [item({ content_subject: b64('Done') })],
      'admin-a',
    );
    expect(again.before).toEqual([
      expect.objectContaining({ condition: 'finished', content_subject: 'งาน {legacy_id} เสร็จแล้ว' }),
    ]);
    expect(await subjects('A')).toMatchObject({ finished: 'Done', error: 'งาน {legacy_id} เสร็จแล้ว' });
  });

  it('refuses text that is not UTF-8, too long, a condition twice, another company and an unknown one', async () => {
    const refused = async (
      items: EmailContentItem[],
      key: Parameters<typeof expectRefusal>[1]['key'],
      company = 'A',
    ) => expectRefusal(h.services.emailContents.save(company, items, 'admin-a'), { kind: 'invalid', key });
    const before = await subjects('A');
    await refused(
      [item({ content_body: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') })],
      'emailContentInvalid',
    );
    await refused([item({ content_subject: b64('x'.repeat(EMAIL_SUBJECT_MAX + 1)) })], 'emailContentTooLong');
    await refused([item(), item()], 'emailContentDuplicate');
    await refused([item({ company_code: 'B' })], 'emailContentCompanyMismatch');
    await refused([item()], 'unknownCompany', 'NOPE');
    // Nothing of a refused save was stored.
    expect(await subjects('A')).toEqual(before);
  });

  it("keeps each company's templates apart", async () => {
    const a = await subjects('A');
    await h.services.emailContents.save('B', [item({ content_subject: b64('B only') })], 'admin-b');
    expect((await subjects('B')).finished).toBe('B only');
    expect(await subjects('A')).toEqual(a);
  });
});
