import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client address the login throttle counts by. One IPv6 customer is usually handed a whole
 * /64, so an attacker could take a fresh address for each guess: an IPv6 address counts as its
 * /64 network. An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function throttleAddressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
