import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Environment } from '../../environment.ts';
import { DomainError } from '../../errors.ts';
import { requireAccount, type Authenticate } from '../../http/authentication.ts';
import { createErrorHandler, restErrorBody } from '../../http/errors.ts';
import { apiRateLimit } from '../../http/security.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { BillingProvider } from './provider.ts';
import type { BillingService } from './service.ts';

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
  },
};

/** The signed-in account of a route behind requireAccount. */
function accountOf(request: FastifyRequest): AccountWithCustomer {
  if (!request.account) throw new Error('requireAccount let an anonymous request through');
  return request.account;
}

/**
 * REST calls of the billing area (API.md): each answers `{url}` of a hosted page. Bearer-authenticated like
 * the API (401 before the body is looked at); bad bodies are a 400 naming the problem. The provider's own
 * paths (hosted pages, webhooks) are mounted here too.
 */
export async function billingRoutes(
  app: FastifyInstance,
  deps: { env: Environment; billing: BillingService; provider: BillingProvider; authenticate: Authenticate },
) {
  const { billing } = deps;
  const authenticated = {
    preValidation: requireAccount(deps.authenticate),
    config: { rateLimit: apiRateLimit(deps.env) },
  };

  const otherErrors = createErrorHandler(restErrorBody);
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(STATUS[error.code]).send({ error: error.code, message: error.message });
    }
    return otherErrors(error, request, reply);
  });

  app.post<{ Body: { planId?: string; resourceId?: string } }>(
    '/billing/subscriptions',
    { ...authenticated, schema: { body: subscriptionBody } },
    async (request) => billing.requestCheckout(accountOf(request), request.body),
  );

  app.post('/billing/information/update', authenticated, async (request) =>
    billing.requestDetailsPage(accountOf(request)),
  );

  await deps.provider.routes(app);
}
