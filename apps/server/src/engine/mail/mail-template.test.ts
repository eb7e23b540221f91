import { describe, expect, it } from 'vitest';
import { fillBody, fillSubject } from './mail-template.js';

const values = {
  COMPANY_CODE: 'A&B',
  LEGACY_ID: 'INV-1',
  JOB_INSTANCE_NO: 'INV-1_20261121080000',
  MESSAGE: '<img src=x onerror=alert(1)> %LEGACY_ID% "quoted"',
};

describe('e-mail templates', () => {
  it('fills the four placeholders in the body, HTML-escaped, in one pass', () => {
    expect(fillBody('<b>%COMPANY_CODE%</b> %LEGACY_ID% %JOB_INSTANCE_NO%: %MESSAGE% %OTHER%', values)).toBe(
      '<b>A&amp;B</b> INV-1 INV-1_20261121080000: &lt;img src=x onerror=alert(1)&gt; %LEGACY_ID% &quot;quoted&quot; %OTHER%',
    );
  });

  it('fills the subject as text without line breaks', () => {
    expect(
      fillSubject('Job %LEGACY_ID%\r\nBcc: evil@example.com %MESSAGE%', { ...values, MESSAGE: 'a\nb' }),
    ).toBe('Job INV-1 Bcc: evil@example.com a b');
  });

  it('shows control and bidi characters of the values as escapes, in the subject and the body', () => {
    const message = 'file INV_\u202evsc.exe\u200e\u2067\u0000\u001b\u007f\u0085.csv\nnext line';
    const shown = 'file INV_\\u202Evsc.exe\\u200E\\u2067\\u0000\\u001B\\u007F\\u0085.csv';
    expect(fillSubject('%MESSAGE%', { ...values, MESSAGE: message })).toBe(`${shown} next line`);
    // The body keeps the message's line break (HTML whitespace) and escapes the rest.
    expect(fillBody('<p>%MESSAGE%</p>', { ...values, MESSAGE: message })).toBe(`<p>${shown}\nnext line</p>`);
  });
});
