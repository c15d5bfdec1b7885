import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, judgeOutboundUrl } from './outbound.ts';

const none = new Set<string>();
const judge = (url: string, resolve?: (host: string) => Promise<string[]>) => judgeOutboundUrl(url, { allowedOrigins: none, ...(resolve ? { resolve } : {}) });

describe('the outbound guard (issue 32 item 4)', () => {
  it('refuses IPv6 forms that carry a private IPv4 address, and everything outside global unicast', async () => {
    for (const host of [
      '[::ffff:0:127.0.0.1]', '[::ffff:0:7f00:1]', '[::7f00:1]', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]',
      '[::ffff:10.0.0.1]', '[::ffff:169.254.169.254]', '[64:ff9b::7f00:1]', '[64:ff9b::a9fe:a9fe]', '[64:ff9b:1::1]',
      '[5f00::1]', '[5f00:1:2::7f00:1]', '[2002:7f00:1::1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]', '[2001:db8::1]',
      '[3fff::1]', '[100::1]', '[::]', '[::1]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[fec0::1]', '[ff02::1]',
      '[0:0:0:0:0:ffff:127.0.0.1]', '[::0:ffff:7f00:0001]',
      // IPv4 written the other ways the URL parser accepts.
      '2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001', '169.254.169.254', '10.0.0.1', '100.64.0.1', '0.0.0.0',
      '192.0.0.8', '198.18.0.1', '224.0.0.1', '255.255.255.255',
    ]) expect([host, await judge(`https://${host}/push`)]).toEqual([host, 'not_public']);
  });

  it('accepts public unicast, IPv4-mapped public IPv4 included', async () => {
    for (const host of ['[2606:4700::1111]', '[2a00:1450:4001:80b::200e]', '[::ffff:93.184.216.34]', '93.184.216.34', '8.8.8.8']) {
      expect([host, await judge(`https://${host}/push`)]).toEqual([host, null]);
    }
  });

  it('judges a name by every address it resolves to; refuses names that are local by their form', async () => {
    expect(await judge('https://push.example.net/x', async () => ['93.184.216.34', '::7f00:1'])).toBe('not_public');
    expect(await judge('https://push.example.net/x', async () => ['5f00::1'])).toBe('not_public');
    expect(await judge('https://push.example.net/x', async () => ['2606:4700::1111', '93.184.216.34'])).toBeNull();
    expect(await judge('https://push.example.net/x', async () => [])).toBe('not_public');
    expect(await judge('https://push.example.net/x', async () => { throw new Error('ENOTFOUND'); })).toBe('unresolvable');
    for (const url of ['https://localhost/x', 'https://a.localhost/x', 'https://printer.local/x', 'https://db.internal/x', 'https://intranet/x']) {
      expect(await judge(url, async () => ['93.184.216.34'])).toBe('not_public');
    }
    for (const url of ['http://93.184.216.34/x', 'https://user:pw@push.example.net/x', 'not a url', 'ftp://push.example.net/']) {
      expect(await judge(url, async () => ['93.184.216.34'])).toBe('invalid');
    }
    expect(await judgeOutboundUrl('http://127.0.0.1:4000/x', { allowedOrigins: new Set(['http://127.0.0.1:4000']) })).toBeNull();
  });

  it('every IPv6 address that embeds a private IPv4 address in its low 32 bits outside global unicast is refused (property)', () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
    );
    // Any prefix of the first 96 bits outside 2000::/3 (the forms that carry IPv4: compatible, mapped, SIIT, NAT64, ...).
    const prefix = fc.array(fc.nat(0xffff), { minLength: 6, maxLength: 6 }).filter((g) => (g[0]! & 0xe000) !== 0x2000);
    fc.assert(fc.property(prefix, privateV4, (groups, v4) => {
      const low = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
      const address = [...groups, ...low].map((g) => g.toString(16)).join(':');
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }), { numRuns: 2000 });
  });

  it('a global unicast IPv6 address is public unless in a special block (property)', () => {
    const special = (g: number[]) => (g[0] === 0x2001 && g[1]! < 0x200) || (g[0] === 0x2001 && g[1] === 0xdb8) || g[0] === 0x2002 ||
      (g[0] === 0x3fff && g[1]! < 0x1000) || (g[0] === 0x2620 && g[1] === 0x4f && g[2] === 0x8000);
    const groups = fc.tuple(fc.integer({ min: 0x2000, max: 0x3fff }), fc.array(fc.nat(0xffff), { minLength: 7, maxLength: 7 })).map(([a, rest]) => [a, ...rest]);
    fc.assert(fc.property(groups, (g) => {
      const address = g.map((n) => n.toString(16)).join(':');
      expect([address, isPublicAddress(address)]).toEqual([address, !special(g)]);
    }), { numRuns: 2000 });
  });
});
