// Who may do what: the one table of what a customer may do, by the customer's standing in an area (a
// product, or billing) and the kind of action. The server asks it before every mutation and billing call
// (apps/server/src/graphql/gate.ts) and refuses with its sentence; the portal asks the same table to decide
// what it offers and to say why it does not.

/**
 * The areas a customer acts in: the products sold by subscription, message queues (each paid by a plan of
 * its own), billing itself, and the account's sign-in.
 */
export const AREAS = [
  'serverless-container',
  'cloud-database',
  'message-queue',
  'billing',
  'sign-in',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Kinds of action: `create` adds a resource (or a run, a user, a database, a subscription), `grow` makes one
 * bigger, `change` alters one, `delete` removes one, `read` looks, `pay` pays, cancels or resumes a
 * subscription, or edits billing details.
 */
export const ACTIONS = ['create', 'grow', 'change', 'delete', 'read', 'pay'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUSPENDED_REASONS = [
  'MALICIOUS_ACTIVITY',
  'PAYMENT_ISSUES',
  'ABUSIVE_BEHAVIOUR',
  'SUPPORTING_PROHIBITED_CONTENT',
  'DEFAULT',
] as const;
export type SuspendedReason = (typeof SUSPENDED_REASONS)[number];

/**
 * A customer's standing in an area: `subscribed` holds the area's product, `new` does not (serverless
 * containers' free start, SPEC §6 create-limited), `unverified` has not confirmed its email address yet
 * (whatever the products: it keeps to the free start), `suspended` is any suspension, whatever the rest.
 */
export type Standing = 'subscribed' | 'new' | 'unverified' | 'suspended';

const EVERYTHING = ACTIONS;
/** What a suspended customer keeps: look, clean up, and pay their way out. */
const WIND_DOWN = ['delete', 'read', 'pay'] as const satisfies readonly Action[];
/** Billing without subscribing: a subscription is the one thing billing `create`s. */
const NO_SUBSCRIBING = ['grow', 'change', 'delete', 'read', 'pay'] as const satisfies readonly Action[];

//                                   standing → the actions it may take
const MAY: Record<Area, Record<Standing, readonly Action[]>> = {
  // `new` may create: the services hold it to the first namespace, container and job (SPEC §6).
  // `unverified` likewise: the free start costs nothing, so it needs no confirmed address.
  'serverless-container': {
    subscribed: EVERYTHING,
    new: EVERYTHING,
    unverified: EVERYTHING,
    suspended: WIND_DOWN,
  },
  // No free start: clusters (and legacy databases) need the cloud-databases subscription.
  'cloud-database': { subscribed: EVERYTHING, new: WIND_DOWN, unverified: WIND_DOWN, suspended: WIND_DOWN },
  // No product: each queue is paid by its own plan, which needs a confirmed address like any subscription.
  'message-queue': { subscribed: EVERYTHING, new: EVERYTHING, unverified: WIND_DOWN, suspended: WIND_DOWN },
  // Billing has no product of its own: `new` and `subscribed` are alike. Subscribing needs a confirmed address.
  billing: { subscribed: EVERYTHING, new: EVERYTHING, unverified: NO_SUBSCRIBING, suspended: WIND_DOWN },
  // An account's own sign-in (its password, email, two-factor): every owner may secure it, a suspended one too.
  'sign-in': { subscribed: EVERYTHING, new: EVERYTHING, unverified: EVERYTHING, suspended: EVERYTHING },
};

/**
 * The customer as the policy sees it: its suspension, the products it subscribes to, and whether its email
 * address is confirmed (or need not be: REQUIRE_EMAIL_VERIFICATION off).
 */
export interface PolicyCustomer {
  suspendedReason: string | null;
  products: readonly string[];
  emailVerified: boolean;
}

export function standingOf(customer: PolicyCustomer, area: Area): Standing {
  if (customer.suspendedReason !== null) return 'suspended';
  if (!customer.emailVerified) return 'unverified';
  return customer.products.includes(area) ? 'subscribed' : 'new';
}

/**
 * Where a refused customer can act: pay on the billing page, subscribe to the product, confirm the email
 * address (the account page sends the link again), or ask support.
 */
export type NextStep = 'pay-invoice' | 'subscribe' | 'verify-email' | 'contact-support';

export type Decision =
  { allowed: true } | { allowed: false; standing: Standing; next: NextStep; message: string };

const WHY_SUSPENDED: Record<SuspendedReason, string> = {
  PAYMENT_ISSUES: 'because of payment issues',
  MALICIOUS_ACTIVITY: 'because of malicious activity',
  ABUSIVE_BEHAVIOUR: 'because of abusive behaviour',
  SUPPORTING_PROHIBITED_CONTENT: 'for supporting prohibited content',
  DEFAULT: '',
};

const isReason = (reason: string): reason is SuspendedReason =>
  (SUSPENDED_REASONS as readonly string[]).includes(reason);

function suspended(reason: string): Decision {
  const why = isReason(reason) ? WHY_SUSPENDED[reason] : '';
  const payment = reason === 'PAYMENT_ISSUES';
  const what = payment ? 'pay the open invoice on the billing page' : 'contact customer support';
  return {
    allowed: false,
    standing: 'suspended',
    next: payment ? 'pay-invoice' : 'contact-support',
    message: `Your account is suspended${why ? ` ${why}` : ''}, so nothing can be created, grown or changed: ${what}.`,
  };
}

/** Why a customer who is not suspended is refused in an area: its product is missing (see MAY). */
const NEEDS_PRODUCT: Record<Area, string> = {
  'serverless-container':
    'This needs the serverless containers subscription: subscribe on the Namespaces page.',
  'cloud-database':
    'Database clusters need the cloud databases subscription: subscribe on the Cloud databases page.',
  'message-queue': 'This needs an account in good standing.',
  billing: 'This needs an account in good standing.',
  'sign-in': 'This needs an account in good standing.',
};

const UNVERIFIED: Decision = {
  allowed: false,
  standing: 'unverified',
  next: 'verify-email',
  message:
    'Confirm your email address first: follow the link in the mail we sent you (the Account page sends it again). Until then you can look around and use the free start.',
};

/** Whether the customer may take this kind of action in this area, and if not, why and what to do. */
export function decide(customer: PolicyCustomer, area: Area, action: Action): Decision {
  const standing = standingOf(customer, area);
  if (MAY[area][standing].includes(action)) return { allowed: true };
  if (customer.suspendedReason !== null) return suspended(customer.suspendedReason);
  if (standing === 'unverified') return UNVERIFIED;
  return {
    allowed: false,
    standing,
    next: 'subscribe',
    message: NEEDS_PRODUCT[area],
  };
}
