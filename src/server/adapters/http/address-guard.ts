import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side fetch of a merchant-given URL must never reach (SSRF): this machine, the
 * private networks behind it, the cloud metadata service (169.254.169.254) and every range that is not
 * ordinary public unicast. IPv6 forms that carry an IPv4 address are judged by the IPv4 address inside:
 * mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96, compatible ::/96, NAT64 64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48, 6to4 2002::/16. Any other IPv6 address outside global unicast (2000::/3)
 * is refused.
 */
const V4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with 255.255.255.255 broadcast
];

const V6_REFUSED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [net, prefix] of V4_REFUSED) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6_REFUSED) refused.addSubnet(net, prefix, 'ipv6');

/** True when a fetch may connect to this IP address; anything not an IP address is refused. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = expandIPv6(address);
  if (!groups) return false;
  const inner = embeddedIPv4(groups);
  if (inner !== null) return inner !== false && isPublicAddress(inner);
  // Only global unicast is ordinary public internet; the rest (::/8 and its neighbours, 64:ff9b::/32
  // outside the NAT64 forms above, 4000::/2 ...) is reserved, special or local.
  if ((groups[0] & 0xe000) !== 0x2000) return false;
  return !refused.check(address, 'ipv6');
}

/**
 * The IPv4 address an IPv6 one carries, null when it carries none, or false when it lies in a range
 * that carries one but where it cannot be told for sure (refused then).
 */
function embeddedIPv4(g: number[]): string | false | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]); // ::ffff:a.b.c.d, mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6], g[7]); // ::ffff:0:a.b.c.d, translated (SIIT)
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]); // ::a.b.c.d, compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6], g[7]); // NAT64 well-known prefix
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) {
    // Local-use NAT64 (RFC 8215): the operator picks a prefix of /48 to /96, and with it where the IPv4
    // bits sit (RFC 6052). Only the /96 form (the rest zero) says for certain which address it is.
    return zeros(3, 6) ? v4(g[6], g[7]) : false;
  }
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 6to4
  return null;
}

/** Eight 16-bit groups of an IPv6 address (a zone id such as %eth0 is dropped), or null. */
export function expandIPv6(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    text = text.slice(0, -dotted[1].length) + `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((h) => (/^[0-9a-f]{1,4}$/i.test(h) ? parseInt(h, 16) : NaN)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}
