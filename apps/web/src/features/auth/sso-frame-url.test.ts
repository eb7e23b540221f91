import { describe, expect, it } from 'vitest';
import { ssoFrameUrl } from './sso-frame-url';

describe('ssoFrameUrl', () => {
  it('joins the sign-on address, the encoded return address and the redirect token', () => {
    expect(
      ssoFrameUrl('https://portal.example/sso?return=', 'https://lis.example/lis/ingress', '&rt=LIS'),
    ).toBe('https://portal.example/sso?return=https%3A%2F%2Flis.example%2Flis%2Fingress&rt=LIS');
  });
});
