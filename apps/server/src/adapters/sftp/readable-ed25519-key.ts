import ssh2 from 'ssh2';

const generateEd25519 = () => ssh2.utils.generateKeyPairSync('ed25519').private;
/** Whether ssh2 cannot read this private key back. */
export const unreadable = (key: string) => ssh2.utils.parseKey(key) instanceof Error;

/**
 * A new ed25519 private key (OpenSSH format) that ssh2 can read back. ssh2 writes about 1 in 256 of the
 * keys it generates in a form it cannot parse ("Malformed OpenSSH private key": a public key of 31
 * bytes); such a key is drawn again. Used for the demo's host key and by tests.
 */
export function generateReadableEd25519Key(generate: () => string = generateEd25519): string {
  for (let attempt = 0; attempt < 32; attempt++) {
    const key = generate();
    if (!unreadable(key)) return key;
  }
  throw new Error('could not generate an ed25519 key that ssh2 can read');
}
