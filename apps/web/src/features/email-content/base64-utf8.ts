/**
 * Spec 001 §3: e-mail subjects and bodies travel as base64 of UTF-8. `btoa`/`atob` work on Latin-1
 * only, so the text goes through TextEncoder/TextDecoder (Thai and any other script survive).
 */
const CHUNK = 0x8000;

export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Decodes base64 of UTF-8; throws on text that is not base64 or not UTF-8. */
export function base64ToUtf8(base64: string): string {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
