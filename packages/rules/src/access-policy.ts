// Who may do what: the one table of what a customer may do, by the customer's standing in an area (a
// product, or billing) and the kind of action. The server asks it before every mutation and billing call
// (apps/server/src/graphql/gate.ts) and refuses with its sentence; the portal asks the same table to decide
// what it offers and to say why it does not.

/** The areas a customer acts in: the products sold by subscription, and billing itself. */
export const AREAS = ['serverless-container', 'cloud-database', 'billing', 'sign-in'] as const;
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
 * containers' free start, SPEC §6 create-limited), `suspended` is any suspension, whatever the products.
 */
export type Standing = 'subscribed' | 'new' | 'suspended';

const EVERYTHING = ACTIONS;
/** What a suspended customer keeps: look, clean up, and pay their way out. */
const WIND_DOWN = ['delete', 'read', 'pay'] as const satisfies readonly Action[];

//                                   standing → the actions it may take
const MAY: Record<Area, Record<Standing, readonly Action[]>> = {
  // `new` may create: the services hold it to the first namespace, container and job (SPEC §6).
  'serverless-container': { subscribed: EVERYTHING, new: EVERYTHING, suspended: WIND_DOWN },
  // No free start: clusters (and legacy databases) need the cloud-databases subscription.
  'cloud-database': { subscribed: EVERYTHING, new: WIND_DOWN, suspended: WIND_DOWN },
  // Billing has no product of its own: `new` and `subscribed` are alike.
  billing: { subscribed: EVERYTHING, new: EVERYTHING, suspended: WIND_DOWN },
  // An account's own sign-in (its password, two-factor): every owner may secure it, a suspended one too.
  'sign-in': { subscribed: EVERYTHING, new: EVERYTHING, suspended: EVERYTHING },
};

/** The customer as the policy sees it: its suspension and the products it subscribes to. */
export interface PolicyCustomer {
  suspendedReason: string | null;
  products: readonly string[];
}

export function standingOf(customer: PolicyCustomer, area: Area): Standing {
  if (customer.suspendedReason !== null) return 'suspended';
  return customer.products.includes(area) ? 'subscribed' : 'new';
}

/** Where a refused customer can act: pay on the billing page, subscribe to the product, or ask support. */
export type NextStep = 'pay-invoice' | 'subscribe' | 'contact-support';

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
  billing: 'This needs an account in good standing.',
  'sign-in': 'This needs an account in good standing.',
};

/** Whether the customer may take this kind of action in this area, and if not, why and what to do. */
export function decide(customer: PolicyCustomer, area: Area, action: Action): Decision {
  const standing = standingOf(customer, area);
  if (MAY[area][standing].includes(action)) return { allowed: true };
  if (customer.suspendedReason !== null) return suspended(customer.suspendedReason);
  return {
    allowed: false,
    standing,
    next: 'subscribe',
    message: NEEDS_PRODUCT[area],
  };
}
