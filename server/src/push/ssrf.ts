import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../http/errors.ts';

/**
 * Push endpoints against server-side request forgery: the server POSTs to whatever URL a browser
 * registered, so an endpoint must be https on a public address, unless its origin is one the
 * operator allowed (PUSH_ALLOWED_ORIGINS: a push service on their own network, a test's local one).
 * Checked at registration (every address the name resolves to) and again at each connection
 * (the address actually dialled), so a name that later resolves to a private address is refused.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** A unicast address on the public internet (not loopback, private, link-local, ULA, documentation, multicast...). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return !blocked.check(mapped[1], 'ipv4');
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** PUSH_ALLOWED_ORIGINS as a set of origins ('http://127.0.0.1:4000'). */
export function parseAllowedOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    const s = part.trim();
    if (!s) continue;
    origins.add(new URL(s).origin);
  }
  return origins;
}

const notAllowed = () => new AppError(400, 'push_endpoint_not_allowed', 'endpoint: push endpoints must be on a public address');
const invalid = () => new AppError(400, 'push_endpoint_invalid', 'endpoint: a push endpoint must be an https URL');

/** Refuse an endpoint this server must not call; resolves its host name (all its addresses must be public). */
export async function checkEndpoint(endpoint: string, allowed: ReadonlySet<string>, resolve = defaultResolve): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid();
  }
  if (allowed.has(url.origin)) return;
  if (url.protocol !== 'https:' || url.username || url.password) throw invalid();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw notAllowed();
    return;
  }
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost') || lower.endsWith('.local') || lower.endsWith('.internal') || !lower.includes('.')) throw notAllowed();
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new AppError(400, 'push_endpoint_not_allowed', 'endpoint: the push service\'s host name does not resolve');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw notAllowed();
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
