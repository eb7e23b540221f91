import { describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate, previewDocument, sampleValues } from './email-preview';

describe('e-mail preview', () => {
  const values = sampleValues('<b>ACME</b>', '<img src=x onerror="alert(1)">');

  it('escapes the sample values it puts into the HTML body', () => {
    const html = fillTemplate(
      '<p>%COMPANY_CODE% / %LEGACY_ID% / %JOB_INSTANCE_NO%: %MESSAGE%</p>',
      values,
      true,
    );
    expect(html).toBe(
      '<p>&lt;b&gt;ACME&lt;/b&gt; / LEGACY_0001 / 20250101-000001: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>',
    );
    expect(html).not.toContain('<img');
    expect(escapeHtml(`'"&`)).toBe('&#39;&quot;&amp;');
  });

  it('fills the subject as plain text (React escapes it)', () => {
    expect(fillTemplate('Job %LEGACY_ID% of %COMPANY_CODE%', values, false)).toBe(
      'Job LEGACY_0001 of <b>ACME</b>',
    );
  });

  it('builds a document with its own CSP that forbids scripts and network loads', () => {
    const doc = previewDocument('<h1>สวัสดี %COMPANY_CODE%</h1>', values);
    expect(doc).toContain('<h1>สวัสดี &lt;b&gt;ACME&lt;/b&gt;</h1>');
    expect(doc).toContain(`content="default-src 'none'; img-src data:`);
    expect(doc).toContain('<meta charset="utf-8">');
  });
});
