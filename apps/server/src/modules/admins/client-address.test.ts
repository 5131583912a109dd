import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps IPv4 as it is, and unwraps IPv4 seen through IPv6', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:c000:0207')).toBe('192.0.2.7');
  });

  it('counts IPv6 per /64, whatever the notation', () => {
    const key = '2001:0db8:0001:0002::/64';
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:ffff:1:2:3')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2:0:0:0:9')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  });
});
