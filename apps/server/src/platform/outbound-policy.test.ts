import { describe, expect, it } from 'vitest';
import { embeddedIpv4, normaliseHost, parseIpv4 } from './outbound-address.js';
import { OutboundDeniedError, OutboundPolicy, resolveOutbound } from './outbound-policy.js';

/** The hardened value the README shows. */
const HARDENED_DENY =
  '127.0.0.0/8,::1/128,0.0.0.0/8,::/128,169.254.0.0/16,fe80::/10,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,fc00::/7';

function policy(allow: string, deny: string): OutboundPolicy {
  const problems: string[] = [];
  const parsed = OutboundPolicy.parse(allow, deny, problems);
  expect(problems).toEqual([]);
  return parsed;
}

/** Every spelling of loopback the security probe used, and more. */
const LOOPBACK_FORMS = [
  '127.0.0.1',
  '0x7f.1',
  '0x7F000001',
  '2130706433',
  '0177.0.0.1',
  '0177.1',
  '127.1',
  '127.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '[::ffff:7f00:1]',
  '0:0:0:0:0:ffff:7f00:1',
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
];

describe('addresses in every spelling', () => {
  it('reads the inet_aton forms of IPv4', () => {
    expect(parseIpv4('0x7f.1')).toBe('127.0.0.1');
    expect(parseIpv4('2130706433')).toBe('127.0.0.1');
    expect(parseIpv4('0177.0.0.1')).toBe('127.0.0.1');
    expect(parseIpv4('127.1')).toBe('127.0.0.1');
    expect(parseIpv4('169.254.43518')).toBe('169.254.169.254');
    expect(parseIpv4('0xa9fea9fe')).toBe('169.254.169.254');
    expect(parseIpv4('256.1.1.1')).toBeUndefined();
    expect(parseIpv4('1.2.3.4.5')).toBeUndefined();
    expect(parseIpv4('08.1.1.1')).toBeUndefined();
    expect(parseIpv4('example.com')).toBeUndefined();
  });

  it('finds the IPv4 address inside mapped, compatible and NAT64 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('::1')).toBeUndefined();
    expect(embeddedIpv4('2001:db8::1')).toBeUndefined();
  });

  it('strips brackets and zone ids, and keeps names as names', () => {
    expect(normaliseHost('[fe80::1%eth0]')).toEqual({
      kind: 'ip',
      address: 'fe80::1',
      family: 6,
      connectTo: 'fe80::1%eth0',
    });
    expect(normaliseHost('[::FFFF:127.0.0.1]')).toMatchObject({ kind: 'ip', address: '::ffff:7f00:1' });
    expect(normaliseHost('SFTP.Example.COM.')).toEqual({ kind: 'name', name: 'sftp.example.com' });
  });
});

describe('the outbound policy', () => {
  it('allows everything by default (the demo talks to loopback peers)', async () => {
    const open = policy('', '');
    expect(open.open).toBe(true);
    for (const form of LOOPBACK_FORMS) expect(await resolveOutbound(form, open)).not.toHaveLength(0);
  });

  it('refuses every spelling of a denied address, before any connection', async () => {
    const hardened = policy('', HARDENED_DENY);
    for (const form of LOOPBACK_FORMS)
      await expect(resolveOutbound(form, hardened), form).rejects.toBeInstanceOf(OutboundDeniedError);
    for (const form of [
      '169.254.169.254',
      '0xa9fea9fe',
      '2852039166',
      '::ffff:a9fe:a9fe',
      'fe80::1%lo',
      '10.1.2.3',
      '0xa.1',
      '[fc00::5]',
    ])
      await expect(resolveOutbound(form, hardened), form).rejects.toBeInstanceOf(OutboundDeniedError);
    expect(await resolveOutbound('8.8.8.8', hardened)).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(await resolveOutbound('[2001:db8::1]', hardened)).toEqual([{ address: '2001:db8::1', family: 6 }]);
  });

  it('refuses a host name that resolves to a denied address', async () => {
    const hardened = policy('', HARDENED_DENY);
    await expect(resolveOutbound('localhost', hardened)).rejects.toThrow(
      'localhost: address not allowed by the outbound policy',
    );
    await expect(resolveOutbound('LOCALHOST.', hardened)).rejects.toBeInstanceOf(OutboundDeniedError);
  });

  it('lets the allow list make exceptions, and `all` make it the only way out', async () => {
    const exception = policy('127.0.0.1/32', HARDENED_DENY);
    expect(await resolveOutbound('0x7f.1', exception)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveOutbound('127.0.0.2', exception)).rejects.toBeInstanceOf(OutboundDeniedError);
    const only = policy('localhost,192.0.2.0/24', 'all');
    expect((await resolveOutbound('localhost', only)).map((a) => a.address)).toContain('127.0.0.1');
    expect(await resolveOutbound('192.0.2.7', only)).toHaveLength(1);
    await expect(resolveOutbound('8.8.8.8', only)).rejects.toBeInstanceOf(OutboundDeniedError);
    await expect(resolveOutbound('::ffff:8.8.8.8', only)).rejects.toBeInstanceOf(OutboundDeniedError);
  });

  it('refuses denied names without resolving them, suffixes included', async () => {
    const names = policy('', 'metadata.google.internal,*.internal.example');
    await expect(resolveOutbound('metadata.google.internal', names)).rejects.toBeInstanceOf(
      OutboundDeniedError,
    );
    await expect(resolveOutbound('db.internal.example', names)).rejects.toBeInstanceOf(OutboundDeniedError);
    expect(await resolveOutbound('127.0.0.1', names)).toHaveLength(1);
  });

  it('names every entry it cannot read', () => {
    const problems: string[] = [];
    OutboundPolicy.parse('10.0.0.0/33', 'host!,::1/129', problems);
    expect(problems).toEqual([
      'LIS_OUTBOUND_ALLOW has an entry that is neither an address, a CIDR nor a host name: "10.0.0.0/33"',
      'LIS_OUTBOUND_DENY has an entry that is neither an address, a CIDR nor a host name: "host!"',
      'LIS_OUTBOUND_DENY has an entry that is neither an address, a CIDR nor a host name: "::1/129"',
    ]);
  });
});
