import { describe, expect, test } from 'vitest';
import {
  apiRequestExample,
  tokenRequestExample,
} from '../../src/features/account/components/token-request.ts';

describe('the API access examples', () => {
  test('get a token with an API key, in Basic authentication as OAuth clients send it', () => {
    expect(tokenRequestExample('https://id.example/realms/berth/protocol/openid-connect/token')).toBe(
      [
        `curl -X POST 'https://id.example/realms/berth/protocol/openid-connect/token'`,
        `  -u "$CLIENT_ID:$CLIENT_SECRET"`,
        `  -d grant_type=client_credentials`,
      ].join(' \\\n'),
    );
  });

  test('quote an address with a quote in it for the shell', () => {
    expect(apiRequestExample("https://o'brien.example/graphql/platform")).toContain(
      `curl -X POST 'https://o'\\''brien.example/graphql/platform'`,
    );
  });
});
