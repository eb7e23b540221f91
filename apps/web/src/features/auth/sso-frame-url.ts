/**
 * Spec 001 §2: the sign-on frame's address is the sign-on web address, plus the encoded return address,
 * plus the redirect token (all three joined as they are; the portal's address ends with its parameter).
 */
export function ssoFrameUrl(ssoWeb: string, returnAddress: string, redirectToken: string): string {
  return `${ssoWeb}${encodeURIComponent(returnAddress)}${redirectToken}`;
}
