import { randomBytes } from 'node:crypto';
import type { Services } from '../../src/services.ts';
import { platformApi, tokenFor, type GraphQLRequest, type PlatformApi, type TokenResponse } from './http.ts';

/** An email no other test (and never the demo account) uses. */
export const uniqueEmail = (tag = 'customer') =>
  `${tag}-${randomBytes(5).toString('hex')}@test.berth.example`;

export interface CustomerOptions {
  name?: string;
  password?: string;
  /** Products the customer subscribes to, e.g. serverless-container. */
  subscriptions?: string[];
  /** A SuspendedReason: the customer is suspended. */
  suspended?: string;
  /** The account's address is not confirmed yet, as after signing up (confirmed otherwise). */
  unverified?: boolean;
}

/** A customer with its account, seeded through the services, talking to the server over HTTP. */
export class TestCustomer implements PlatformApi {
  private tokens?: TokenResponse;
  readonly gql: GraphQLRequest<'response'>;
  readonly data: GraphQLRequest<'data'>;

  constructor(
    private readonly server: { url: string; services: Services },
    readonly email: string,
    readonly password: string,
    readonly accountId: number,
    readonly customerId: number,
  ) {
    ({ gql: this.gql, data: this.data } = platformApi(server.url, () => this.token()));
  }

  /** An access token from the password grant (one sign-in per customer, reused). */
  async token(): Promise<string> {
    this.tokens ??= await tokenFor(this.server.url, this.email, this.password);
    return this.tokens.access_token;
  }

  async subscribe(product = 'serverless-container') {
    await this.server.services.accounts.setSubscription(this.email, product, true);
    return this;
  }

  async suspend(reason = 'PAYMENT_ISSUES') {
    await this.server.services.accounts.suspend(this.email, reason);
    return this;
  }
}

export async function createCustomer(
  server: { url: string; services: Services },
  options: CustomerOptions = {},
): Promise<TestCustomer> {
  const email = uniqueEmail();
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const { accounts } = server.services;
  const accountId = await accounts.create(
    { name: options.name ?? 'Test Customer', email, password },
    { verified: !options.unverified },
  );
  const account = await accounts.findById(accountId);
  if (!account) throw new Error(`account ${accountId} was not stored`);
  const customer = new TestCustomer(server, email, password, accountId, account.customerId);
  for (const product of options.subscriptions ?? []) await customer.subscribe(product);
  if (options.suspended) await customer.suspend(options.suspended);
  return customer;
}
