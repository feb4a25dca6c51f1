import { describe, expect, it } from 'vitest';
import {
  API_KEY_LIFETIME_CHOICES,
  API_KEY_NAME_MAX,
  apiKeyExpiry,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
} from '../src/index.ts';

describe('apiKeyNameProblem', () => {
  it('takes a name of 1 to 100 characters without control characters', () => {
    expect(apiKeyNameProblem('deploy from CI')).toBeUndefined();
    expect(apiKeyNameProblem('x'.repeat(API_KEY_NAME_MAX))).toBeUndefined();
    expect(apiKeyNameProblem('')).toBe('empty');
    expect(apiKeyNameProblem('x'.repeat(API_KEY_NAME_MAX + 1))).toBe('too-long');
    expect(apiKeyNameProblem('tab\there')).toBe('control-character');
  });
});

describe('apiKeyExpiryProblem', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('takes every choice the portal offers', () => {
    for (const days of API_KEY_LIFETIME_CHOICES) {
      expect(apiKeyExpiryProblem(apiKeyExpiry(days, now), now)).toBeUndefined();
    }
  });

  it('refuses now, the past and more than a year ahead', () => {
    expect(apiKeyExpiryProblem(now, now)).toBe('past');
    expect(apiKeyExpiryProblem(new Date('2026-02-01T00:00:00Z'), now)).toBe('past');
    expect(apiKeyExpiryProblem(apiKeyExpiry(400, now), now)).toBe('too-far');
  });

  it('still takes a year chosen on a clock a few minutes ahead', () => {
    const ahead = new Date(now.getTime() + 5 * 60_000);
    expect(apiKeyExpiryProblem(apiKeyExpiry(365, ahead), now)).toBeUndefined();
  });
});
