import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from '../../src/identity/throttle.ts';
import { hashPassword, verifyPassword } from '../../src/modules/accounts/passwords.ts';
import { createAccountService } from '../../src/modules/accounts/service.ts';
import { createAccountStore } from '../../src/modules/accounts/store.ts';
import { uniqueEmail } from '../support/customers.ts';
import { useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('password checks of accounts that do not exist', () => {
  it('checks an unknown account, and one without a password, against a hash as costly as a real one', async () => {
    const { db } = world.server.berth.database;
    const store = createAccountStore(db);
    /** The stored hashes passwords were checked against, in order. */
    const checkedAgainst: string[] = [];
    const accounts = createAccountService({
      store,
      throttle: createSignInThrottle(db),
      secondFactorEnabled: (accountId) => world.server.services.twoFactor.isEnabled(accountId),
      externalIssuer: false,
      requireEmailVerification: true,
      apiKeyGrant: world.server.services.apiKeys.grantOf,
      passwords: {
        hash: hashPassword,
        verify: (password, stored) => {
          checkedAgainst.push(stored);
          return verifyPassword(password, stored);
        },
      },
    });
    const real = await store.findById(world.alice.accountId);
    const externalEmail = uniqueEmail('external');
    await store.insertCustomerWithAccount({
      name: 'External',
      email: externalEmail,
      passwordHash: null,
      externalSubject: `subject-${externalEmail}`,
      emailVerifiedAt: null,
    });
    // An address of its own, so these failures block nothing else.
    const address = 'test:unknown-accounts';

    expect(await accounts.authenticate(world.alice.email, 'not-the-password', address)).toBeNull();
    expect(await accounts.authenticate(uniqueEmail('nobody'), 'not-the-password', address)).toBeNull();
    expect(await accounts.authenticate(externalEmail, 'not-the-password', address)).toBeNull();

    expect(checkedAgainst).toHaveLength(3);
    const [forReal, forUnknown, forExternal] = checkedAgainst;
    expect(forReal).toBe(real?.passwordHash);
    // The same algorithm and cost parameters (scrypt$N$r$p$salt$key) as the real account's hash.
    const parameters = (hash = '') => hash.split('$').slice(0, 4);
    expect(parameters(forUnknown)).toEqual(parameters(forReal));
    expect(parameters(forExternal)).toEqual(parameters(forReal));
    expect(forUnknown?.split('$')).toHaveLength(6);
  });
});
