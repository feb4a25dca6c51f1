import { describe, expect, it } from 'vitest';
import { ACTIONS, decide, standingOf, SUSPENDED_REASONS, type Action } from '../src/index.ts';

const active = {
  suspendedReason: null,
  products: ['serverless-container', 'cloud-database'],
  emailVerified: true,
};
const freeStart = { suspendedReason: null, products: [], emailVerified: true };
const allowed = (decision: ReturnType<typeof decide>) => decision.allowed;

describe('the access policy', () => {
  it('lets a customer with both subscriptions do everything everywhere', () => {
    for (const area of ['serverless-container', 'cloud-database', 'billing'] as const) {
      for (const action of ACTIONS)
        expect(allowed(decide(active, area, action)), `${area} ${action}`).toBe(true);
    }
  });

  it('lets a new customer use serverless containers (the free start) and billing, but not add databases', () => {
    for (const action of ACTIONS) {
      expect(allowed(decide(freeStart, 'serverless-container', action))).toBe(true);
      expect(allowed(decide(freeStart, 'billing', action))).toBe(true);
    }
    const refused = ['create', 'grow', 'change'] satisfies Action[];
    for (const action of refused) {
      expect(decide(freeStart, 'cloud-database', action)).toEqual({
        allowed: false,
        standing: 'new',
        next: 'subscribe',
        message:
          'Database clusters need the cloud databases subscription: subscribe on the Cloud databases page.',
      });
    }
    for (const action of ['delete', 'read', 'pay'] satisfies Action[]) {
      expect(allowed(decide(freeStart, 'cloud-database', action))).toBe(true);
    }
  });

  it('leaves a suspended customer, whatever the reason and products, to read, delete and pay', () => {
    for (const suspendedReason of SUSPENDED_REASONS) {
      const customer = { ...active, suspendedReason };
      for (const area of ['serverless-container', 'cloud-database', 'billing'] as const) {
        for (const action of ['delete', 'read', 'pay'] satisfies Action[]) {
          expect(allowed(decide(customer, area, action))).toBe(true);
        }
        for (const action of ['create', 'grow', 'change'] satisfies Action[]) {
          expect(decide(customer, area, action)).toMatchObject({ allowed: false, standing: 'suspended' });
        }
      }
    }
  });

  it('lets every customer, a suspended one too, change their own sign-in', () => {
    for (const suspendedReason of [null, ...SUSPENDED_REASONS]) {
      for (const products of [[], ['serverless-container', 'cloud-database']]) {
        for (const action of ACTIONS) {
          expect(allowed(decide({ suspendedReason, products, emailVerified: true }, 'sign-in', action))).toBe(
            true,
          );
        }
      }
    }
  });

  it('says why a suspended customer is refused and what to do', () => {
    const message = (suspendedReason: string) => {
      const decision = decide({ ...freeStart, suspendedReason }, 'serverless-container', 'create');
      return decision.allowed ? undefined : [decision.message, decision.next];
    };
    expect(message('PAYMENT_ISSUES')).toEqual([
      'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.',
      'pay-invoice',
    ]);
    expect(message('MALICIOUS_ACTIVITY')).toEqual([
      'Your account is suspended because of malicious activity, so nothing can be created, grown or changed: contact customer support.',
      'contact-support',
    ]);
    expect(message('DEFAULT')).toEqual([
      'Your account is suspended, so nothing can be created, grown or changed: contact customer support.',
      'contact-support',
    ]);
    // A reason this version does not know (set by a newer one) is still a suspension.
    expect(message('SOMETHING_NEW')?.[1]).toBe('contact-support');
  });

  describe('before the email address is confirmed', () => {
    // Products an operator granted do not count until then: the customer keeps to the free start.
    const unverified = { ...active, emailVerified: false };

    it('refuses subscribing and paid resources, saying to confirm the address', () => {
      const refusal = {
        allowed: false,
        standing: 'unverified',
        next: 'verify-email',
        message:
          'Confirm your email address first: follow the link in the mail we sent you (the Account page sends it again). Until then you can look around and use the free start.',
      };
      expect(decide(unverified, 'billing', 'create')).toEqual(refusal);
      for (const action of ['create', 'grow', 'change'] satisfies Action[]) {
        expect(decide(unverified, 'cloud-database', action)).toEqual(refusal);
      }
      expect(standingOf(unverified, 'serverless-container')).toBe('unverified');
    });

    it("leaves the free start, paying, cleaning up and the account's own sign-in open", () => {
      for (const action of ACTIONS) {
        expect(allowed(decide(unverified, 'serverless-container', action))).toBe(true);
        expect(allowed(decide(unverified, 'sign-in', action))).toBe(true);
      }
      for (const action of ['pay', 'read', 'delete'] satisfies Action[]) {
        expect(allowed(decide(unverified, 'billing', action))).toBe(true);
        expect(allowed(decide(unverified, 'cloud-database', action))).toBe(true);
      }
    });

    it('is outranked by a suspension', () => {
      const suspended = { ...unverified, suspendedReason: 'PAYMENT_ISSUES' };
      expect(decide(suspended, 'billing', 'create')).toMatchObject({
        standing: 'suspended',
        next: 'pay-invoice',
      });
    });
  });
});
