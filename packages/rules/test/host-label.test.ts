import { describe, expect, it } from 'vitest';
import {
  domainNameProblem,
  HOST_LABEL_MAX,
  HOSTNAME_MAX,
  hostnameProblem,
  isHostLabel,
} from '../src/index.ts';

const label = (length: number) => 'a'.repeat(length);

describe('host labels', () => {
  it('are 1 to 63 lowercase letters, digits and inner hyphens', () => {
    for (const valid of ['a', '0', 'a-b', 'xn--bcher-kva', '9lives', label(HOST_LABEL_MAX)])
      expect(isHostLabel(valid), valid).toBe(true);
    for (const invalid of ['', '-a', 'a-', 'a_b', 'a.b', label(HOST_LABEL_MAX + 1)])
      expect(isHostLabel(invalid), invalid).toBe(false);
  });

  it('are lowercase: callers fold a host name first, as DNS compares without case', () => {
    expect(isHostLabel('Example')).toBe(false);
    expect(isHostLabel('Example'.toLowerCase())).toBe(true);
  });
});

describe('host names', () => {
  it.each(['localhost', 'registry.example.com', 'a.b.c.d', '1.2.3', 'xn--bcher-kva.example'])(
    'accepts %s',
    (hostname) => {
      expect(hostnameProblem(hostname)).toBeUndefined();
    },
  );

  it.each([
    ['', 'bad-label'],
    ['example..com', 'bad-label'],
    ['example.com.', 'bad-label'],
    ['Example.com', 'bad-label'],
    ['bad host', 'bad-label'],
    [`${label(HOST_LABEL_MAX + 1)}.com`, 'bad-label'],
    [Array.from({ length: 64 }, () => 'abc').join('.'), 'too-long'],
  ] as const)('refuses %j: %s', (hostname, problem) => {
    expect(hostnameProblem(hostname)).toBe(problem);
  });

  it('allow 253 characters', () => {
    const longest = [label(63), label(63), label(63), label(61)].join('.');
    expect(longest).toHaveLength(HOSTNAME_MAX);
    expect(hostnameProblem(longest)).toBeUndefined();
    expect(hostnameProblem(`${longest}a`)).toBe('too-long');
  });
});

describe('domain names of web addresses', () => {
  it.each(['shop.example.com', 'example.io', 'a-1.b2.example'])('accepts %s', (domain) => {
    expect(domainNameProblem(domain)).toBeUndefined();
  });

  it.each([
    ['localhost', 'single-label'],
    ['10.0.0.1', 'numeric-top-level'],
    ['example.123', 'numeric-top-level'],
    ['Shop.example.com', 'bad-label'],
    ['shop_1.example.com', 'bad-label'],
    [`${label(250)}.com`, 'too-long'],
  ] as const)('refuses %j: %s', (domain, problem) => {
    expect(domainNameProblem(domain)).toBe(problem);
  });
});
