import { describe, expect, it } from 'vitest';
import { firstStartNotice } from './first-start-notice.js';

describe('firstStartNotice', () => {
  it('frames the URL and one aligned line per user', () => {
    const text = firstStartNotice('http://127.0.0.1:8080/', [
      { username: 'admin', password: 'aaaaaaaaaaaaaaaaaaaaaaaa', role: 'super_admin' },
      { username: 'demo-operator', password: 'bbbbbbbbbbbbbbbbbbbbbbbb', role: 'user of DEMO' },
    ]);
    const lines = text.split('\n');
    expect(lines.filter((line) => /^={72}$/.test(line))).toHaveLength(2);
    expect(text).toContain('at http://127.0.0.1:8080/');
    expect(lines).toContain('    admin          aaaaaaaaaaaaaaaaaaaaaaaa  (super_admin)');
    expect(lines).toContain('    demo-operator  bbbbbbbbbbbbbbbbbbbbbbbb  (user of DEMO)');
  });
});
