import dns from 'node:dns';
import net from 'node:net';
import { addressForms, normaliseHost, type OutboundHost } from './outbound-address.js';

export { normaliseHost } from './outbound-address.js';

/** A connection the outbound policy does not allow (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY). */
export class OutboundDeniedError extends Error {
  readonly code = 'OUTBOUND_DENIED';
  constructor(readonly host: string) {
    super(`${host}: address not allowed by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)`);
    this.name = 'OutboundDeniedError';
  }
}

export function isOutboundDenied(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === 'OUTBOUND_DENIED') return true;
    current = current.cause;
  }
  return false;
}

interface NameRule {
  /** `sftp.example.com` matches that name; `*.example.com` or `.example.com` every name below it. */
  name: string;
  suffix: boolean;
}

interface RuleSet {
  addresses: net.BlockList;
  names: NameRule[];
  empty: boolean;
}

function emptyRules(): RuleSet {
  return { addresses: new net.BlockList(), names: [], empty: true };
}

/** One list of CIDRs, addresses, host names and `all`, comma- or space-separated. */
function parseRules(variable: string, text: string, problems: string[]): RuleSet {
  const rules = emptyRules();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    rules.empty = false;
    if (entry.toLowerCase() === 'all') {
      rules.addresses.addSubnet('0.0.0.0', 0, 'ipv4');
      rules.addresses.addSubnet('::', 0, 'ipv6');
      continue;
    }
    const slash = entry.indexOf('/');
    const host = normaliseHost(slash >= 0 ? entry.slice(0, slash) : entry);
    if (host.kind === 'ip') {
      const family = host.family === 4 ? 'ipv4' : 'ipv6';
      if (slash < 0) {
        rules.addresses.addAddress(host.address, family);
        continue;
      }
      const prefix = Number(entry.slice(slash + 1));
      if (/^\d{1,3}$/.test(entry.slice(slash + 1)) && prefix <= (host.family === 4 ? 32 : 128)) {
        rules.addresses.addSubnet(host.address, prefix, family);
        continue;
      }
    } else if (
      slash < 0 &&
      /^(\*\.|\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(host.name)
    ) {
      const suffix = host.name.startsWith('*.') || host.name.startsWith('.');
      rules.names.push({ name: host.name.replace(/^\*?\./, ''), suffix });
      continue;
    }
    problems.push(`${variable} has an entry that is neither an address, a CIDR nor a host name: "${entry}"`);
  }
  return rules;
}

function nameMatches(rules: RuleSet, name: string): boolean {
  return rules.names.some((rule) => name === rule.name || (rule.suffix && name.endsWith(`.${rule.name}`)));
}

function addressMatches(rules: RuleSet, address: string, family: 4 | 6): boolean {
  return addressForms(address, family).some((form) => rules.addresses.check(form.address, form.family));
}

/**
 * Which outbound connections LIS may open (sFTP, function server, DMS, SMTP, the portal's JWKS):
 * LIS_OUTBOUND_DENY lists what is refused, LIS_OUTBOUND_ALLOW the exceptions (an allowed entry wins).
 * `all` in the deny list makes the allow list the only way out. Host names in a list match the name
 * the connection was configured with; every address a name resolves to is checked. Both lists empty
 * (the default): everything is allowed, as before.
 */
export class OutboundPolicy {
  private constructor(
    private readonly allow: RuleSet,
    private readonly deny: RuleSet,
  ) {}

  static readonly OPEN = new OutboundPolicy(emptyRules(), emptyRules());

  static parse(allow: string, deny: string, problems: string[]): OutboundPolicy {
    return new OutboundPolicy(
      parseRules('LIS_OUTBOUND_ALLOW', allow, problems),
      parseRules('LIS_OUTBOUND_DENY', deny, problems),
    );
  }

  /** True when no rule restricts anything. */
  get open(): boolean {
    return this.deny.empty;
  }

  /** 'allow' / 'deny' when the host name itself is listed; undefined: its addresses decide. */
  ruleForName(name: string): 'allow' | 'deny' | undefined {
    if (nameMatches(this.allow, name)) return 'allow';
    if (nameMatches(this.deny, name)) return 'deny';
    return undefined;
  }

  allowsAddress(address: string, family: 4 | 6): boolean {
    if (this.open) return true;
    if (addressMatches(this.allow, address, family)) return true;
    return !addressMatches(this.deny, address, family);
  }
}

let current: OutboundPolicy = OutboundPolicy.OPEN;

/** Set once by the composition root from LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY (tests set their own). */
export function setOutboundPolicy(policy: OutboundPolicy): void {
  current = policy;
}

export function outboundPolicy(): OutboundPolicy {
  return current;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** An IP literal checked now, without any lookup; undefined for a host name. */
export function checkLiteral(host: string, policy = current): (OutboundHost & { kind: 'ip' }) | undefined {
  const target = normaliseHost(host);
  if (target.kind !== 'ip') return undefined;
  if (!policy.allowsAddress(target.address, target.family)) throw new OutboundDeniedError(host);
  return target;
}

/**
 * Every address `host` stands for, each one allowed by the policy — else OutboundDeniedError (one
 * denied address refuses the name: a name is not half-trusted). A name is resolved with
 * `dns.lookup({all: true})`; the caller connects to these addresses, never to the name again, so the
 * answer checked is the answer used (no DNS rebinding between check and connect).
 */
export async function resolveOutbound(host: string, policy = current): Promise<ResolvedAddress[]> {
  const literal = checkLiteral(host, policy);
  if (literal) return [{ address: literal.connectTo, family: literal.family }];
  const target = normaliseHost(host);
  const name = target.kind === 'name' ? target.name : host;
  const rule = policy.ruleForName(name);
  if (rule === 'deny') throw new OutboundDeniedError(host);
  const found = await dns.promises.lookup(name, { all: true, verbatim: true });
  const addresses = found.map((entry) => {
    const normal = normaliseHost(entry.address);
    return normal.kind === 'ip'
      ? { address: normal.connectTo, check: normal.address, family: normal.family }
      : {
          address: entry.address,
          check: entry.address,
          family: entry.family === 6 ? (6 as const) : (4 as const),
        };
  });
  if (rule !== 'allow' && addresses.some((entry) => !policy.allowsAddress(entry.check, entry.family)))
    throw new OutboundDeniedError(host);
  return addresses.map(({ address, family }) => ({ address, family }));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` / `tls.connect` (and the HTTP clients built on them) that resolves
 * through {@link resolveOutbound}: the socket connects to the addresses the policy checked.
 */
export function outboundLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  resolveOutbound(hostname).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
      if (usable.length === 0) {
        const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        error.code = 'ENOTFOUND';
        callback(error, '');
        return;
      }
      if (options.all) callback(null, usable);
      else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 4);
    },
    (error: NodeJS.ErrnoException) => callback(error, ''),
  );
}

/**
 * A TCP socket to `host:port` through the policy: an IP literal is checked here (a denied one throws
 * at once) and connected to in its normal form; a name is resolved by {@link outboundLookup}, whose
 * refusal arrives as the socket's 'error'. For clients that accept a connected socket (ssh2's `sock`).
 */
export function outboundSocket(host: string, port: number): net.Socket {
  const literal = checkLiteral(host);
  if (literal) return net.connect({ host: literal.connectTo, port });
  return net.connect({ host, port, lookup: outboundLookup });
}
