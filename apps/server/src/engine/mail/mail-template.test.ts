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
});
