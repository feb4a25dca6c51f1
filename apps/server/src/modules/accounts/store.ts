import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, accountTwoFactor, customers, entitlements, type ApiKeyScope } from '../../db/schema.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export interface AccountWithCustomer extends AccountRow {
  customer: CustomerRow;
  products: string[];
  /** Whether the account may subscribe and create paid resources: its address confirmed, or need not be. */
  emailVerified: boolean;
  /**
   * Set when the request's token was issued for one of the account's API keys (not a person's sign-in):
   * the key and what it may do. The access policy (authorize.ts) holds the request to it.
   */
  apiKey?: { id: number; scope: ApiKeyScope };
}

export function createAccountStore(db: Db) {
  async function findBy(condition: ReturnType<typeof eq>): Promise<AccountWithCustomer | undefined> {
    const rows = await db
      .select({
        account: accounts,
        customer: customers,
        products: sql<
          string[]
        >`coalesce((SELECT array_agg(product ORDER BY product) FROM entitlements e WHERE e.customer_id = ${customers.id}), '{}')`,
      })
      .from(accounts)
      .innerJoin(customers, eq(customers.id, accounts.customerId))
      .where(condition)
      .limit(1);
    const row = rows[0];
    return row
      ? {
          ...row.account,
          customer: row.customer,
          products: row.products,
          emailVerified: row.account.emailVerifiedAt !== null,
        }
      : undefined;
  }

  return {
    findById: (id: number) => findBy(eq(accounts.id, id)),
    findByEmail: (email: string) => findBy(eq(sql`lower(${accounts.email})`, email.toLowerCase())),
    findByExternalSubject: (subject: string) => findBy(eq(accounts.externalSubject, subject)),

    async insertCustomerWithAccount(input: {
      name: string;
      email: string;
      passwordHash: string | null;
      externalSubject?: string;
      /** When the address was confirmed; none yet for a sign-up (its link is mailed). */
      emailVerifiedAt: Date | null;
    }): Promise<number> {
      return db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({ name: input.name })
          .returning({ id: customers.id });
        if (!customer) throw new Error('customer insert returned nothing');
        const [account] = await tx
          .insert(accounts)
          .values({
            customerId: customer.id,
            email: input.email,
            name: input.name,
            passwordHash: input.passwordHash,
            externalSubject: input.externalSubject ?? null,
            emailVerifiedAt: input.emailVerifiedAt,
          })
          .returning({ id: accounts.id });
        if (!account) throw new Error('account insert returned nothing');
        return account.id;
      });
    },

    async markEmailVerified(accountId: number, at: Date) {
      await db.update(accounts).set({ emailVerifiedAt: at }).where(eq(accounts.id, accountId));
    },

    /** The account's new address, confirmed by the link that was mailed to it. */
    async changeEmail(accountId: number, email: string, at: Date) {
      await db.update(accounts).set({ email, emailVerifiedAt: at }).where(eq(accounts.id, accountId));
    },

    async setPasswordHash(accountId: number, passwordHash: string) {
      await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, accountId));
    },

    async linkExternalSubject(accountId: number, subject: string) {
      await db.update(accounts).set({ externalSubject: subject }).where(eq(accounts.id, accountId));
    },

    async setSuspendedReason(customerId: number, reason: string | null) {
      await db.update(customers).set({ suspendedReason: reason }).where(eq(customers.id, customerId));
    },

    /** Suspends for `reason` unless already suspended: another reason is never replaced (billing). */
    async suspendUnlessSuspended(customerId: number, reason: string) {
      await db
        .update(customers)
        .set({ suspendedReason: reason })
        .where(and(eq(customers.id, customerId), isNull(customers.suspendedReason)));
    },

    /** Lifts a suspension only when it is for `reason` (billing lifts PAYMENT_ISSUES, nothing else). */
    async liftSuspension(customerId: number, reason: string) {
      await db
        .update(customers)
        .set({ suspendedReason: null })
        .where(and(eq(customers.id, customerId), eq(customers.suspendedReason, reason)));
    },

    async setHasPaymentDetails(customerId: number) {
      await db.update(customers).set({ hasPaymentDetails: true }).where(eq(customers.id, customerId));
    },

    async grantProduct(customerId: number, product: string) {
      await db.insert(entitlements).values({ customerId, product }).onConflictDoNothing();
    },

    async revokeProduct(customerId: number, product: string) {
      await db
        .delete(entitlements)
        .where(and(eq(entitlements.customerId, customerId), eq(entitlements.product, product)));
    },

    async listCustomers() {
      return db
        .select({
          id: customers.id,
          name: customers.name,
          email: accounts.email,
          suspendedReason: customers.suspendedReason,
          products: sql<
            string[]
          >`coalesce((SELECT array_agg(product ORDER BY product) FROM entitlements e WHERE e.customer_id = ${customers.id}), '{}')`,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .innerJoin(accounts, eq(accounts.customerId, customers.id))
        .orderBy(customers.id);
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

/** An account's second factor (table account_two_factor): secrets encrypted, recovery codes hashed. */
export function createTwoFactorStore(db: Db) {
  const ofAccount = (accountId: number) => eq(accountTwoFactor.accountId, accountId);
  return {
    async find(accountId: number) {
      const [row] = await db.select().from(accountTwoFactor).where(ofAccount(accountId));
      return row;
    },

    async setPendingSecret(accountId: number, pendingSecret: string) {
      await db
        .insert(accountTwoFactor)
        .values({ accountId, pendingSecret })
        .onConflictDoUpdate({ target: accountTwoFactor.accountId, set: { pendingSecret } });
    },

    /** The pending secret becomes the one in use, with its first step and new recovery codes. */
    async enable(
      accountId: number,
      values: { secret: string; lastStep: number; recoveryCodeHashes: string[]; enabledAt: Date },
    ) {
      await db
        .update(accountTwoFactor)
        .set({ ...values, pendingSecret: null })
        .where(ofAccount(accountId));
    },

    async update(accountId: number, values: { lastStep?: number; recoveryCodeHashes?: string[] }) {
      await db.update(accountTwoFactor).set(values).where(ofAccount(accountId));
    },

    async remove(accountId: number) {
      await db.delete(accountTwoFactor).where(ofAccount(accountId));
    },
  };
}
