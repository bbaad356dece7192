import { describe, expect, it } from 'vitest';
import { throttleKeyForIp } from './client-ip';

describe('throttleKeyForIp', () => {
  it('counts an IPv4 address alone, however it is written', () => {
    expect(throttleKeyForIp('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleKeyForIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleKeyForIp('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const ip of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3::1',
      '2001:db8:85a3:8d3::',
      '2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:8d3::9'),
    ]) {
      expect(throttleKeyForIp(ip), ip).toBe(key);
    }
    expect(throttleKeyForIp('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(throttleKeyForIp('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(throttleKeyForIp(undefined)).toBe('unknown');
    expect(throttleKeyForIp('not an address')).toBe('not an address');
  });
});
