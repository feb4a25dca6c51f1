import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { badInput, DomainError, notFound } from '../../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SignInThrottle } from '../../identity/throttle.ts';
import type { SignInOutcome } from '../../telemetry/metrics.ts';
import { SignInThrottled } from './throttled.ts';
import { SUSPENDED_REASONS } from '@berth/rules';
import { policyCustomer } from './authorize.ts';
import { permissionsFor, PRODUCTS, type Permission } from './permissions.ts';
import type { AccountStore, AccountWithCustomer } from './store.ts';

export const emailSchema = z.email('Enter a valid email address').max(320, 'Email is too long');

export const registrationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name')
    .max(200, 'Name is too long (200 characters at most)')
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'Name must not contain control characters'),
  email: emailSchema,
  password: z.string().min(8, 'Password must have at least 8 characters').max(1024, 'Password is too long'),
});
export type Registration = z.infer<typeof registrationSchema>;

/** The claim holding the id of the API key a token was issued for (absent from a person's tokens). */
export const API_KEY_CLAIM = 'api_key';

/** Identity claims of a verified access token (and any others it carries). */
export interface TokenClaims {
  sub: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

/** The API key a token of the account was issued for, while it is live (api-keys/service.ts `grantOf`). */
export type ApiKeyGrantCheck = (
  accountId: number,
  claims: TokenClaims,
) => Promise<AccountWithCustomer['apiKey'] | undefined>;

/** How passwords are hashed and checked (scrypt; tests watch the checks through it). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export function createAccountService(deps: {
  store: AccountStore;
  throttle: SignInThrottle;
  /** Whether the account signs in with a second factor too (two-factor.ts). */
  secondFactorEnabled: (accountId: number) => Promise<boolean>;
  externalIssuer: boolean;
  /** REQUIRE_EMAIL_VERIFICATION: off, every account counts as confirmed (the operator verifies elsewhere). */
  requireEmailVerification: boolean;
  /** Checks the key of a token issued for an API key (its `api_key` claim) on every use. */
  apiKeyGrant: ApiKeyGrantCheck;
  passwords?: PasswordHashing;
  /** Told each password check's outcome (the server's metrics; the admin command line signs no one in). */
  countSignIn?: (outcome: SignInOutcome) => void;
}) {
  const { store, throttle, passwords = { hash: hashPassword, verify: verifyPassword } } = deps;
  // A hash of a random password, so an account that is unknown or has no password costs the same
  // check as a wrong password: the time of the answer does not tell which accounts exist.
  let standIn: Promise<string> | undefined;
  const standInHash = () => (standIn ??= passwords.hash(randomBytes(32).toString('base64url')));

  /** The account as the access policy sees it (see requireEmailVerification). */
  const asPolicySees = (account: AccountWithCustomer | undefined) =>
    account && !deps.requireEmailVerification ? { ...account, emailVerified: true } : account;
  const findById = async (id: number) => asPolicySees(await store.findById(id));

  async function requireByEmail(email: string): Promise<AccountWithCustomer> {
    const account = asPolicySees(await store.findByEmail(email));
    if (!account) throw notFound(`Account ${email}`);
    return account;
  }

  /**
   * A new customer with its account. A sign-up's address is confirmed later by the mailed link; an account
   * an operator creates (or the demo account) is `verified` from the start.
   */
  async function create(input: Registration, options: { verified: boolean }): Promise<number> {
    const parsed = registrationSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badInput(String(issue?.path[0] ?? 'input'), issue?.message ?? 'Invalid input');
    }
    const { name, email, password } = parsed.data;
    if (await store.findByEmail(email)) throw badInput('email', 'An account with this email already exists');
    return store.insertCustomerWithAccount({
      name,
      email,
      passwordHash: await passwords.hash(password),
      emailVerifiedAt: options.verified ? new Date() : null,
    });
  }

  async function checkPassword(email: string, password: string, address: string) {
    // No account has a sign-in name that is no email address (NUL, 10,000 characters): it is not
    // looked up nor counted, and costs the same password check as any other failure.
    if (!emailSchema.safeParse(email).success) {
      await passwords.verify(password, await standInHash());
      return null;
    }
    const attempt = await throttle.begin(email, address);
    const account = await store.findByEmail(email);
    const valid = await passwords.verify(password, account?.passwordHash ?? (await standInHash()));
    if (!account?.passwordHash || !valid) return null;
    // Clearing the count here would let wrong codes, each after the right password, go on forever.
    if (await deps.secondFactorEnabled(account.id)) await attempt.passwordAccepted();
    else await attempt.succeeded();
    return account;
  }

  return {
    create,
    findById,
    requireByEmail,

    /**
     * Checks a password; throws SignInThrottled while blocked. Returns the account or null. For an account
     * with two-factor on, the sign-in is complete (and its failures forgotten) only once the code passes.
     */
    async authenticate(
      email: string,
      password: string,
      address: string,
    ): Promise<AccountWithCustomer | null> {
      const account = await checkPassword(email, password, address).catch((error: unknown) => {
        if (error instanceof SignInThrottled) deps.countSignIn?.('locked');
        throw error;
      });
      deps.countSignIn?.(account ? 'success' : 'failure');
      return account;
    },

    /**
     * The account a verified token speaks for. Built-in tokens carry our account id as `sub`, and an API
     * key's tokens the key, which must still be live; accounts of an external issuer (Keycloak) are linked by
     * subject, else by email, else created on first use.
     */
    async resolveFromClaims(claims: TokenClaims): Promise<AccountWithCustomer | undefined> {
      if (!deps.externalIssuer) {
        const id = Number(claims.sub);
        const account = Number.isSafeInteger(id) ? await findById(id) : undefined;
        if (!account || claims[API_KEY_CLAIM] === undefined) return account;
        const apiKey = await deps.apiKeyGrant(account.id, claims);
        return apiKey && { ...account, apiKey };
      }
      const linked = await store.findByExternalSubject(claims.sub);
      if (linked) return asPolicySees(linked);
      if (!claims.email) return undefined;
      const byEmail = await store.findByEmail(claims.email);
      if (byEmail) {
        await store.linkExternalSubject(byEmail.id, claims.sub);
        return findById(byEmail.id);
      }
      const id = await store.insertCustomerWithAccount({
        name: claims.name ?? claims.email,
        email: claims.email,
        passwordHash: null,
        externalSubject: claims.sub,
        // The external provider confirms addresses itself (Keycloak's verify-email action).
        emailVerifiedAt: new Date(),
      });
      return findById(id);
    },

    permissions: (account: AccountWithCustomer): Permission[] => permissionsFor(policyCustomer(account)),

    async suspend(email: string, reason: string) {
      if (!(SUSPENDED_REASONS as readonly string[]).includes(reason)) {
        throw badInput('reason', `Unknown reason ${reason}; one of ${SUSPENDED_REASONS.join(', ')}`);
      }
      const account = await requireByEmail(email);
      await store.setSuspendedReason(account.customerId, reason);
    },

    async unsuspend(email: string) {
      const account = await requireByEmail(email);
      await store.setSuspendedReason(account.customerId, null);
    },

    /** An operator confirms the address (seen elsewhere): the account may subscribe. */
    async markEmailVerified(email: string) {
      const account = await requireByEmail(email);
      await store.markEmailVerified(account.id, new Date());
    },

    async setSubscription(email: string, product: string, active: boolean) {
      if (!(PRODUCTS as readonly string[]).includes(product)) {
        throw badInput('product', `Unknown product ${product}; one of ${PRODUCTS.join(', ')}`);
      }
      const account = await requireByEmail(email);
      if (active) await store.grantProduct(account.customerId, product);
      else await store.revokeProduct(account.customerId, product);
    },

    listCustomers: store.listCustomers,

    /** Creates the demo account once; later starts keep it (and its password) as it is. */
    async ensureDemoAccount(password: string) {
      if (await store.findByEmail('demo@example.com')) return;
      try {
        await create({ name: 'Demo Customer', email: 'demo@example.com', password }, { verified: true });
      } catch (error) {
        // Another process created it at the same moment.
        if (!(error instanceof DomainError)) throw error;
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
