import { describe, expect, it } from 'vitest';
import { analyticsAllowedOn } from '../../src/lib/telemetry/analytics.ts';

// SPEC §9: analytics are not sent on localhost or a bare-IP host. The browser hands over
// `location.hostname`, so the cases are written as a URL parser leaves them.
const hostname = (address: string) => new URL(address).hostname;

describe('analyticsAllowedOn', () => {
  it.each([
    'http://localhost:8090/',
    'http://LOCALHOST/',
    'http://localhost./',
    'http://portal.localhost:5173/',
    'http://127.0.0.1:8090/',
    'http://10.1.2.3/',
    'http://0x7f.1/',
    'http://[::1]:8090/',
    'http://[2001:db8::7]/',
  ])('is off on %s', (address) => {
    expect(analyticsAllowedOn(hostname(address))).toBe(false);
  });

  it.each([
    'https://portal.berth.example/',
    'https://staging.portal.berth.example:8443/',
    'http://intranet/',
    'https://localhost.example.com/',
    'https://1.2.3.4.nip.io/',
  ])('is on on %s', (address) => {
    expect(analyticsAllowedOn(hostname(address))).toBe(true);
  });
});
