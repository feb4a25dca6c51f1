import { describe, expect, it } from 'vitest';
import { allowlistEntryProblem, isIpv4, isIpv6 } from '../src/allowlist.ts';

describe('allowlist entries', () => {
  it('takes addresses and ranges of both families', () => {
    for (const entry of [
      '203.0.113.7',
      '0.0.0.0/0',
      '10.0.0.0/8',
      '2001:db8::1',
      '::/0',
      '2001:db8::/32',
      '::ffff:192.0.2.1',
    ]) {
      expect(allowlistEntryProblem(entry), entry).toBeUndefined();
    }
  });

  it('refuses what is no address, and prefixes beyond the family', () => {
    for (const entry of [
      '',
      'example.com',
      '256.1.1.1',
      '1.2.3',
      '010.0.0.1',
      '0x7f.0.0.1',
      '2001:db8::g',
      '1.2.3.4/8/8',
    ]) {
      expect(allowlistEntryProblem(entry), entry).toBe('not-an-address');
    }
    for (const entry of ['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/-1', '10.0.0.0/ 8']) {
      expect(allowlistEntryProblem(entry), entry).toBe('bad-prefix');
    }
  });

  it('tells the families apart', () => {
    expect(isIpv4('192.0.2.1')).toBe(true);
    expect(isIpv4('2001:db8::1')).toBe(false);
    expect(isIpv6('2001:db8::1')).toBe(true);
    expect(isIpv6('192.0.2.1')).toBe(false);
  });
});
