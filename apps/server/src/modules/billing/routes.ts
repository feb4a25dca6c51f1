import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Environment } from '../../environment.ts';
import { badInput, DomainError } from '../../errors.ts';
import { requireAccount, type Authenticate } from '../../http/authentication.ts';
import { createErrorHandler, restErrorBody } from '../../http/errors.ts';
import { apiRateLimit } from '../../http/security.ts';
import { authorize, BILLING_CALLS, type BillingCall } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { Billing } from './billing.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { BillingProvider } from './provider.ts';
import { CHECKOUT_STARTS, type CheckoutStart } from './service.ts';

const STATUS: Record<DomainError['code'], number> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  FORBIDDEN: 403,
};

const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    planId: { type: 'string', minLength: 1, maxLength: 100 },
    // Account.customer.id is a GraphQL ID (a string); Fastify's validator takes a number as its digits.
    resourceId: { type: 'string', minLength: 1, maxLength: 100 },
    // Ours, beside API.md's two: the portal page the checkout is started on, where cancelling it returns.
    startedOn: { type: 'string', enum: CHECKOUT_STARTS },
  },
};

/**
 * Refuses body fields a route does not take, naming the first. Fastify's validator would drop them silently
 * (its Ajv removes additional properties), so a misspelt field would be ignored instead of refused.
 */
function refuseUnknownFields(fields: readonly string[]) {
  return async (request: FastifyRequest) => {
    const { body } = request;
    if (body === undefined) return;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badInput('body', 'body must be object');
    }
    const unknown = Object.keys(body).find((field) => !fields.includes(field));
    if (unknown === undefined) return;
    const known = fields.length > 0 ? `the fields are ${fields.join(', ')}` : 'this request takes no fields';
    // A field name is the client's text: shortened, so a long one is not sent back whole.
    throw badInput(unknown, `Unknown field ${unknown.slice(0, 100)}: ${known}`);
  };
}

/** The signed-in account of a route behind requireAccount. */
function accountOf(request: FastifyRequest): AccountWithCustomer {
  if (!request.account) throw new Error('requireAccount let an anonymous request through');
  return request.account;
}

/**
 * REST calls of the billing area (API.md): each answers `{url}` of a hosted page. Bearer-authenticated like
 * the API (401 before the body is looked at); bad bodies are a 400 naming the problem. Invoices' PDFs and the
 * provider's own paths (hosted pages, webhooks) are mounted here too.
 */
export async function billingRoutes(
  app: FastifyInstance,
  deps: { env: Environment; billing: Billing; provider: BillingProvider; authenticate: Authenticate },
) {
  const { billing } = deps;
  /**
   * Route options of a billing call: the account first (401 before the body is looked at), then the access
   * policy, then the body's field names.
   */
  const guarded = (call: BillingCall, fields: readonly string[]) => ({
    preValidation: [
      requireAccount(deps.authenticate),
      async (request: FastifyRequest) => authorize(accountOf(request), BILLING_CALLS[call]),
      refuseUnknownFields(fields),
    ],
    config: { rateLimit: apiRateLimit(deps.env) },
  });

  const otherErrors = createErrorHandler(restErrorBody);
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(STATUS[error.code]).send(restErrorBody(error.code, error.message, request.id));
    }
    return otherErrors(error, request, reply);
  });

  app.post<{ Body: { planId?: string; resourceId?: string; startedOn?: CheckoutStart } }>(
    '/billing/subscriptions',
    {
      ...guarded('POST /billing/subscriptions', Object.keys(subscriptionBody.properties)),
      schema: { body: subscriptionBody },
    },
    async (request) => billing.requestCheckout(accountOf(request), request.body),
  );

  app.post('/billing/information/update', guarded('POST /billing/information/update', []), async (request) =>
    billing.requestDetailsPage(accountOf(request)),
  );

  // The invoice's PDF (Invoice.pdfPath): a read, so only signed in; another customer's number is not found.
  app.get<{ Params: { file: string } }>(
    '/billing/invoices/:file',
    { preValidation: requireAccount(deps.authenticate), config: { rateLimit: apiRateLimit(deps.env) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!file.endsWith('.pdf')) return reply.callNotFound();
      const number = file.slice(0, -'.pdf'.length);
      const { customerId } = accountOf(request);
      const [invoice, details] = await Promise.all([
        billing.invoiceOf(customerId, number),
        billing.detailsOf(customerId),
      ]);
      const pdf = await renderInvoicePdf({ invoice, issuer: billing.issuer, details });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="invoice-${number.replace(/[^\w.-]/g, '_')}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  await deps.provider.routes(app);
}
