import { describe, expect, it } from 'vitest';
import { throttleAddressOf } from './client-address.ts';

describe('throttleAddressOf', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (ip, expected) => {
    expect(throttleAddressOf(ip)).toBe(expected);
  });

  it('puts two addresses of one /64 together and keeps other /64s apart', () => {
    expect(throttleAddressOf('2001:db8:5:6::1')).toBe(throttleAddressOf('2001:db8:5:6:ffff::2'));
    expect(throttleAddressOf('2001:db8:5:6::1')).not.toBe(throttleAddressOf('2001:db8:5:7::1'));
  });
});
