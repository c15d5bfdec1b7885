import { lookup, type LookupAddress } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one guard for requests the server makes on a user's behalf to an address a user chose (push endpoints
 * today; webhooks and link previews later): against server-side request forgery. An address is acceptable only
 * when it is public unicast:
 *  - IPv4: not in any special-purpose block (RFC 6890 and successors);
 *  - IPv6: global unicast only (2000::/3), minus its special blocks (documentation, 6to4, Teredo and the other
 *    IETF assignments). Every other IPv6 form is refused, whatever it embeds (IPv4-compatible ::a.b.c.d,
 *    SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96, 5f00::/16 SRv6...), except IPv4-mapped ::ffff:a.b.c.d, which a
 *    dual-stack socket dials as the IPv4 address it carries: judged as that address.
 * Check a URL when it is registered (every address its name resolves to) and again when connecting (the address
 * actually dialled: publicOnlyLookup), so a name that later resolves somewhere private is refused too.
 */
const IPV4_SPECIAL = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.0.2.0/24', '192.31.196.0/24', '192.52.193.0/24', '192.88.99.0/24', '192.168.0.0/16', '192.175.48.0/24',
  '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map((c) => ipaddr.IPv4.parseCIDR(c));
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV6_SPECIAL = ['2001::/23', '2001:db8::/32', '2002::/16', '2620:4f:8000::/48', '3fff::/20'].map((c) => ipaddr.IPv6.parseCIDR(c));

/** A unicast address on the public internet (not loopback, private, link-local, ULA, documentation, translated...). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.zoneId) return false;
    if (v6.isIPv4MappedAddress()) return publicIpv4(v6.toIPv4Address());
    return v6.match(IPV6_GLOBAL_UNICAST) && !IPV6_SPECIAL.some((range) => v6.match(range));
  }
  return publicIpv4(parsed as ipaddr.IPv4);
}

function publicIpv4(v4: ipaddr.IPv4): boolean {
  return !IPV4_SPECIAL.some((range) => v4.match(range));
}

/** An ..._ALLOWED_ORIGINS setting (push, webhooks) as a set of origins ('http://127.0.0.1:4000'). */
export function parseAllowedOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    const s = part.trim();
    if (s) origins.add(new URL(s).origin);
  }
  return origins;
}

export type OutboundRefusal = 'invalid' | 'not_public' | 'unresolvable';

export interface OutboundOptions {
  /** Origins the operator allowed (a service on their own network, a test's local one): no further checks. */
  allowedOrigins: ReadonlySet<string>;
  /** Resolves a host name to all its addresses (tests give their own). */
  resolve?: (host: string) => Promise<string[]>;
}

/** Why this server must not call `raw` (null: it may): https only, no credentials, every address public. */
export async function judgeOutboundUrl(raw: string, options: OutboundOptions): Promise<OutboundRefusal | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (options.allowedOrigins.has(url.origin)) return null;
  if (url.protocol !== 'https:' || url.username || url.password) return 'invalid';
  // The URL parser has already normalised numeric forms (http://2130706433/, 0x7f.1) to dotted IPv4.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'not_public';
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost') || lower.endsWith('.local') || lower.endsWith('.internal') || !lower.includes('.')) return 'not_public';
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    return 'unresolvable';
  }
  return addresses.length > 0 && addresses.every(isPublicAddress) ? null : 'not_public';
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookupAsync(host, { all: true, verbatim: true })).map((a) => a.address);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for an http(s).Agent that answers only public addresses (the connection fails otherwise). */
export function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const ok = addresses.filter((a) => isPublicAddress(a.address));
    if (ok.length === 0 || ok.length !== addresses.length) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
      return callback(refused, []);
    }
    if (options.all) return callback(null, ok);
    const first = ok[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}
