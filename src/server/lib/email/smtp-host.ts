import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses that are not on the public internet: this machine, private networks, link-local,
 * carrier-grade NAT, documentation, benchmarking, multicast and reserved ranges. An IPv4-mapped
 * IPv6 address (::ffff:127.0.0.1) is judged by its IPv4 part (BlockList does that).
 */
const NON_PUBLIC = new BlockList();
const IPV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6: [string, number][] = [
  // ::, ::1 and the old IPv4-compatible addresses
  ['::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
for (const [network, prefix] of IPV4) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is private, loopback, link-local or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NON_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Where to connect for the SMTP host of the settings: the host is resolved (every address it
 * has); if any of them is not public the answer is `nonPublic`, otherwise the first address, to
 * which the client then connects (`servername`: the name, for TLS), so the name cannot be re-pointed
 * at a private address between this check and the connection. A name that does not resolve
 * throws the resolver's error (ENOTFOUND).
 */
export async function checkSmtpHost(
  host: string,
): Promise<{ isPublic: false } | { isPublic: true; address: string; servername: string | undefined }> {
  const name = host.replace(/^\[(.*)\]$/, '$1');
  const isLiteral = isIP(name) !== 0;
  const addresses = isLiteral ? [name] : (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);
  const [first] = addresses;
  if (first === undefined || addresses.some(isNonPublicAddress)) return { isPublic: false };
  return { isPublic: true, address: first, servername: isLiteral ? undefined : name };
}
