import { describe, expect, test } from 'vitest';
import { tokenRequestExample } from '../../src/features/account/components/token-request.ts';

describe('the token request example', () => {
  test('quotes an email with a quote in it for the shell', () => {
    const example = tokenRequestExample({
      tokenEndpoint: 'https://id.example/realms/berth/protocol/openid-connect/token',
      clientId: 'berth-cli',
      email: "o'brien@example.com",
    });
    expect(example).toContain(`--data-urlencode 'username=o'\\''brien@example.com'`);
  });
});
