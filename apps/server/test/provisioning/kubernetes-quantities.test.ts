import { describe, expect, it } from 'vitest';
import { quantityValue } from '../../src/provisioning/kubernetes/quantities.ts';

// Quantities as the API server writes them: claims' capacities and the metrics API's CPU and memory usage.

describe('a Kubernetes quantity', () => {
  it('reads storage and memory with decimal and binary suffixes, and exponents', () => {
    expect(quantityValue('10G')).toBe(10 * 1000 ** 3);
    expect(quantityValue('10Gi')).toBe(10 * 1024 ** 3);
    expect(quantityValue('1500M')).toBe(1500 * 1000 ** 2);
    expect(quantityValue('12345Ki')).toBe(12345 * 1024);
    expect(quantityValue('1e9')).toBe(1000 ** 3);
    expect(quantityValue('2E3')).toBe(2000);
    expect(quantityValue('1E')).toBe(1000 ** 6);
    expect(quantityValue('0.5Gi')).toBe(1024 ** 3 / 2);
  });

  it('reads CPU in cores from milli-, micro- and nanocores', () => {
    expect(quantityValue('2')).toBe(2);
    expect(quantityValue('250m')).toBeCloseTo(0.25, 12);
    expect(quantityValue('1500u')).toBeCloseTo(0.0015, 12);
    expect(quantityValue('1234567n')).toBeCloseTo(0.001234567, 15);
    expect(quantityValue('.5')).toBe(0.5);
  });

  it('is NaN for what is not a quantity', () => {
    for (const text of ['', 'Gi', '10 GB', '10Gb', '1.2.3', '5x', 'e3'])
      expect(quantityValue(text)).toBeNaN();
  });
});
