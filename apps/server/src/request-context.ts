import { AsyncLocalStorage } from 'node:async_hooks';

// The request being handled, wherever its work goes: services logging through the shared logger, GraphQL's
// error masking. The HTTP edge enters it for each request (http/request-id.ts).

interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request this code runs for; undefined in background work. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
