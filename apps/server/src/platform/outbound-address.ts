import net from 'node:net';

/**
 * One host as an outbound connection names it, normalised before any policy check (issue 32): every
 * spelling of an address — `0x7f.1`, `2130706433`, `0177.0.0.1`, `127.1`, `[::ffff:127.0.0.1]`,
 * `::ffff:7f00:1`, `fe80::1%eth0` — becomes the address itself; anything else is a host name.
 */
export type OutboundHost =
  | {
      kind: 'ip';
      /** Canonical form, what the policy checks (no brackets, no zone id). */
      address: string;
      family: 4 | 6;
      /** What to connect to: the canonical address, or the IPv6 address with its zone id. */
      connectTo: string;
    }
  | { kind: 'name'; name: string };

/** inet_aton's forms: 1 to 4 parts, each decimal, octal (leading 0) or hex (0x), the last filling the rest. */
export function parseIpv4(text: string): string | undefined {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]+$/i.test(part)) value = parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = parseInt(part, 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = Number(part);
    else return undefined;
    if (!Number.isSafeInteger(value)) return undefined;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255)) return undefined;
  const lastBytes = 4 - values.length;
  if (last >= 2 ** (8 * lastBytes)) return undefined;
  const bytes = [...values];
  for (let i = lastBytes - 1; i >= 0; i--) bytes.push(Math.floor(last / 2 ** (8 * i)) % 256);
  return bytes.join('.');
}

/** The 16 bytes of an IPv6 address (zone id already removed), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  if (!net.isIPv6(text)) return undefined;
  let head = text;
  let tailV4: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tailV4 = dotted[1].split('.').map(Number);
    head = text.slice(0, -dotted[1].length) + '0:0';
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const fill = 8 - leftGroups.length - rightGroups.length;
  const all = [...leftGroups, ...Array<number>(right === undefined ? 0 : fill).fill(0), ...rightGroups];
  if (all.length !== 8) return undefined;
  const bytes = all.flatMap((group) => [Math.floor(group / 256), group % 256]);
  if (tailV4.length) bytes.splice(12, 4, ...tailV4);
  return bytes;
}

/** The IPv6 address in its compressed canonical form (as `new URL` writes it). */
function canonicalIpv6(text: string): string {
  return new URL(`http://[${text}]/`).hostname.slice(1, -1);
}

/**
 * The IPv4 address an IPv6 address carries, when it is one in disguise: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, not `::` or `::1`) or NAT64 (`64:ff9b::/96`).
 */
export function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes) return undefined;
  const prefix = bytes.slice(0, 12);
  const zero = (from: number, to: number) => prefix.slice(from, to).every((b) => b === 0);
  const mapped = zero(0, 10) && prefix[10] === 0xff && prefix[11] === 0xff;
  const compatible =
    zero(0, 12) && (bytes[12] !== 0 || bytes[13] !== 0 || bytes[14] !== 0 || (bytes[15] ?? 0) > 1);
  const nat64 =
    prefix[0] === 0x00 && prefix[1] === 0x64 && prefix[2] === 0xff && prefix[3] === 0x9b && zero(4, 12);
  return mapped || compatible || nat64 ? bytes.slice(12).join('.') : undefined;
}

/** Normalises a host as written in a configuration or a URL (see {@link OutboundHost}). */
export function normaliseHost(raw: string): OutboundHost {
  let host = raw.trim();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  const zone = host.indexOf('%');
  const bare = zone >= 0 && host.includes(':') ? host.slice(0, zone) : host;
  if (net.isIPv6(bare)) {
    const address = canonicalIpv6(bare);
    return { kind: 'ip', address, family: 6, connectTo: zone >= 0 ? host : address };
  }
  const v4 = parseIpv4(host);
  if (v4) return { kind: 'ip', address: v4, family: 4, connectTo: v4 };
  return { kind: 'name', name: host.toLowerCase().replace(/\.$/, '') };
}

/** Every form the policy checks for one address: itself, and the IPv4 address it carries, if any. */
export function addressForms(address: string, family: 4 | 6): { address: string; family: 'ipv4' | 'ipv6' }[] {
  const forms: { address: string; family: 'ipv4' | 'ipv6' }[] = [
    { address, family: family === 4 ? 'ipv4' : 'ipv6' },
  ];
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  if (inner) forms.push({ address: inner, family: 'ipv4' });
  return forms;
}
