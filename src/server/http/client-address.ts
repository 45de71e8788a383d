import { isIP } from 'node:net';
import { expandIPv6 } from '../adapters/http/address-guard';

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is (an IPv4-mapped IPv6
 * one, as a dual-stack socket reports it, is the same IPv4 address), an IPv6 address by its /64,
 * the smallest block one customer line is given, so one household cannot pass for thousands of
 * clients. `ip` is req.ip, which follows X-Forwarded-For only with TRUST_PROXY.
 */
export function clientAddressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = expandIPv6(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
