import { setupServer } from 'msw/node';
import { allFlagsOn } from './flags.ts';
import { defaultHandlers } from './handlers.ts';

/** The network of the unit tests: MSW answers every request the portal makes, or the test fails. */
export const server = setupServer(...defaultHandlers, allFlagsOn);

const unhandled: Promise<string>[] = [];

/** `POST …/graphql/platform (query Namespace)` for a GraphQL request, method and address otherwise. */
async function describeRequest(request: Request): Promise<string> {
  const query = await request
    .json()
    .then((body: { query?: string }) => body.query?.match(/^\s*(query|mutation)\s+\w+/)?.[0].trim())
    .catch(() => undefined);
  return `${request.method} ${request.url}${query ? ` (${query})` : ''}`;
}

export function startServer() {
  server.listen({
    // As 'error' (the request fails), and remembered so the test that made it fails too, even when the
    // screen would have shown the failure quietly.
    onUnhandledRequest: (request, print) => {
      unhandled.push(describeRequest(request.clone()));
      print.error();
    },
  });
}

/** The requests no handler answered since the last call. */
export function takeUnhandledRequests(): Promise<string[]> {
  return Promise.all(unhandled.splice(0));
}
