/**
 * The key failed logins are counted under for a client address. One IPv6 host usually holds a whole
 * /64 (and can pick a fresh address from it for every request), so IPv6 is counted per /64; IPv4
 * seen through an IPv6 socket (::ffff:192.0.2.1) is the IPv4 address it wraps.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** '2001:db8::1' -> the eight groups, zero-filled. An embedded IPv4 tail counts as two groups. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined) =>
    part === undefined || part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [group];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const left = groups(head);
  const right = groups(tail);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.toLowerCase().padStart(4, '0'));
}

export function clientAddressKey(ip: string): string {
  // A zone (fe80::1%eth0) names an interface on this host, not a different client.
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  const mapped = groups.slice(0, 6).join(':') === '0000:0000:0000:0000:0000:ffff';
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6).map((g) => Number.parseInt(g, 16));
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
