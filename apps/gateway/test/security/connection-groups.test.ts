import { describe, expect, it } from '@jest/globals';
import { connectionGroupOf } from '../../src/server/connection-limits.js';

describe('connectionGroupOf (issue 27)', () => {
  it('counts an IPv6 client by its /64, whatever address of it connects', () => {
    const group = connectionGroupOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(group).toBe('2001:db8:1:2::/64');
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2::abcd%eth0']) expect(connectionGroupOf(address)).toBe(group);
    expect(connectionGroupOf('2001:db8:1:3::1')).not.toBe(group);
    expect(connectionGroupOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(connectionGroupOf('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 client by its address, also when written IPv4-mapped', () => {
    expect(connectionGroupOf('192.0.2.7')).toBe('192.0.2.7');
    expect(connectionGroupOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(connectionGroupOf('192.0.2.8')).not.toBe('192.0.2.7');
  });
});
