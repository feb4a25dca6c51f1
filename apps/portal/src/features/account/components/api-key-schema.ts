import * as z from 'zod/mini';
import { API_KEY_LIFETIME_CHOICES, API_KEY_NAME_MAX, apiKeyNameProblem } from '@berth/rules';
import { problemCheck } from '@/lib/validation/problem-check.ts';

// The platform's rules for a new API key (its words for them), checked as they are typed, so that only a key
// it can take is sent. The expiry is one of a few lifetimes, each within the platform's year.

const nameMessages = {
  empty: 'Enter a name for the key',
  'too-long': `Use at most ${API_KEY_NAME_MAX} characters`,
  'control-character': 'Use letters, digits, spaces and punctuation only',
} as const;

export type ApiKeyLifetime = `${(typeof API_KEY_LIFETIME_CHOICES)[number]}`;

export const lifetimeLabels: Record<ApiKeyLifetime, string> = {
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
};

export interface ApiKeyValues {
  name: string;
  scope: 'READ' | 'READ_WRITE';
  lifetime: ApiKeyLifetime;
}

export const apiKeySchema = z.object({
  name: z.string().check(
    problemCheck((name) => {
      const problem = apiKeyNameProblem(name.trim());
      return problem ? nameMessages[problem] : null;
    }),
  ),
  scope: z.enum(['READ', 'READ_WRITE']),
  lifetime: z.enum(API_KEY_LIFETIME_CHOICES.map(String) as [ApiKeyLifetime, ...ApiKeyLifetime[]]),
});

export const emptyApiKey: ApiKeyValues = { name: '', scope: 'READ', lifetime: '90' };
