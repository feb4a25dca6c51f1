import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

// Stripe webhook deliveries as Stripe makes them: an event around the object, signed with the endpoint's
// secret by the stripe package's own test helper, POSTed to Berth's webhook.

const signer = new Stripe('sk_test_signer');

/** Delivers a `type` event of `object`; answers the webhook's status. */
export async function deliverStripeEvent(serverUrl: string, secret: string, type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-11-17.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const response = await fetch(`${serverUrl}/billing/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
  return response.status;
}
