import { decide, standingOf, type Action, type Area, type PolicyCustomer } from '@berth/rules';
import { forbidden } from '../../errors.ts';
import type { AccountWithCustomer } from './store.ts';

// The one gate of every change: each GraphQL mutation of every endpoint (graphql/gate.ts) and each billing
// REST call names its area and kind of action here, and asks the access policy (@berth/rules) before it does
// anything else. An operation missing from this table cannot be served: the server refuses to start.

export interface Operation {
  area: Area;
  action: Action;
}

const op = (area: Area, action: Action): Operation => ({ area, action });
const containers = (action: Action) => op('serverless-container', action);
const databases = (action: Action) => op('cloud-database', action);
const queues = (action: Action) => op('message-queue', action);

/** Every GraphQL mutation, by field name (names are unique across the APIs). */
export const MUTATIONS: Readonly<Record<string, Operation>> = {
  // Platform API: namespaces and what they hold beside databases are the serverless-containers product's.
  namespaceCreate: containers('create'),
  namespaceDelete: containers('delete'),
  containerCreate: containers('create'),
  containerModify: containers('change'),
  containerDelete: containers('delete'),
  containerRollback: containers('change'),
  containerRedeploy: containers('change'),
  containerRestart: containers('change'),
  containerJobCreate: containers('create'),
  containerJobModify: containers('change'),
  containerJobDelete: containers('delete'),
  containerJobRun: containers('create'),
  containerJobRunStop: containers('change'),
  registryConnectionCreate: containers('create'),
  registryConnectionDelete: containers('delete'),
  volumeCreate: containers('create'),
  volumeIncrease: containers('grow'),
  volumeDelete: containers('delete'),
  cloudDatabaseClusterCreate: databases('create'),
  cloudDatabaseClusterModify: databases('change'),
  cloudDatabaseClusterDelete: databases('delete'),
  cloudDatabaseClusterUserCreate: databases('create'),
  cloudDatabaseClusterUserModify: databases('change'),
  cloudDatabaseClusterUserDelete: databases('delete'),
  cloudDatabaseClusterDatabaseCreate: databases('create'),
  cloudDatabaseClusterDatabaseDelete: databases('delete'),
  createCloudDatabase: databases('create'),
  messageQueueCreate: queues('create'),
  messageQueueModify: queues('change'),
  messageQueueDelete: queues('delete'),
  messageQueueUserModify: queues('change'),
  // Billing API: ending or resuming what one pays for is paying.
  subscriptionCancel: op('billing', 'pay'),
  subscriptionResume: op('billing', 'pay'),
  // A plan change resizes the resource it pays for (an upgrade grows it; a downgrade is held to the same
  // rule): the billing service asks again for the area of the resource's kind.
  subscriptionChangePlan: op('billing', 'grow'),
  // The owner's own sign-in: open to every standing (a suspended customer still secures their account).
  accountPasswordChange: op('sign-in', 'change'),
  accountTwoFactorDisable: op('sign-in', 'change'),
  accountRecoveryCodesRenew: op('sign-in', 'change'),
  accountSessionSignOut: op('sign-in', 'change'),
  accountSessionsSignOutOthers: op('sign-in', 'change'),
  accountEmailVerificationSend: op('sign-in', 'change'),
  accountEmailChange: op('sign-in', 'change'),
  accountApiKeyCreate: op('sign-in', 'create'),
  accountApiKeyRevoke: op('sign-in', 'delete'),
};

/** Every billing REST call, by method and path. A new subscription adds something paid for. */
export const BILLING_CALLS = {
  'POST /billing/subscriptions': op('billing', 'create'),
  'POST /billing/information/update': op('billing', 'pay'),
} as const satisfies Record<string, Operation>;
export type BillingCall = keyof typeof BILLING_CALLS;

/**
 * Throws FORBIDDEN, saying why and what to do, unless the account's customer may take the action and, with
 * an API key's token, the key may too: a read-only key only reads, and no key changes the sign-in (the
 * password, two-factor, API keys), which wants the person.
 */
export function authorize(account: AccountWithCustomer, operation: Operation): void {
  if (account.apiKey && operation.area === 'sign-in')
    throw forbidden('An API key cannot change the sign-in or API keys: sign in to the portal to do that');
  if (account.apiKey?.scope === 'READ' && operation.action !== 'read')
    throw forbidden('This API key is read only: make a key that can read and write to change anything');
  const decision = decide(policyCustomer(account), operation.area, operation.action);
  if (!decision.allowed) throw forbidden(decision.message);
}

/**
 * Revealing a credential hands over what changes the resource (a database user's password can write its
 * data): a read-only API key, meant for looking, is refused it.
 */
export function authorizeReveal(account: AccountWithCustomer): void {
  if (account.apiKey?.scope === 'READ')
    throw forbidden('This API key is read only: revealing credentials needs a key that can read and write');
}

export const policyCustomer = (account: AccountWithCustomer): PolicyCustomer => ({
  suspendedReason: account.customer.suspendedReason,
  products: account.products,
  emailVerified: account.emailVerified,
});

/**
 * A customer without the serverless-containers subscription, or not confirmed yet (create-limited, SPEC §6):
 * the services allow it only the first namespace, and the first container and job in a namespace.
 */
export const onFreeStart = (account: AccountWithCustomer) =>
  ['new', 'unverified'].includes(standingOf(policyCustomer(account), 'serverless-container'));
