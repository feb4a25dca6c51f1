import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showSnackbar } from '../components/snackbar/snackbar-store.ts';
import { GraphQLRequestError, OfflineError } from '../lib/graphql/errors.ts';
import { SignInRestartedError } from '../lib/auth/session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { quietCodes?: readonly string[] };
    /** `inlineErrors`: the screen shows the platform's message itself, next to what failed. */
    /** `failureMessage`: said instead of the generic warning or the server's message when the change fails. */
    mutationMeta: { inlineErrors?: boolean; failureMessage?: string };
  }
}

export const genericFailureMessage = 'Something went wrong, try again later!';

/**
 * GraphQL error messages are for the customer: they go to the snack bar as errors (SPEC §7). A change
 * that failed without one (network down after every retry) gets the generic warning (SPEC §8).
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof GraphQLRequestError)) return;
        const quiet = query.meta?.quietCodes ?? [];
        if (error.errors.every((item) => quiet.includes(item.extensions?.code ?? ''))) return;
        showSnackbar(error.message, 'error');
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (error instanceof SignInRestartedError) return;
        if (error instanceof OfflineError) {
          showSnackbar(error.message, 'error');
          return;
        }
        if (mutation.meta?.failureMessage) {
          showSnackbar(mutation.meta.failureMessage, 'error');
          return;
        }
        if (error instanceof GraphQLRequestError && mutation.meta?.inlineErrors) return;
        showSnackbar(
          error instanceof GraphQLRequestError ? error.message : genericFailureMessage,
          error instanceof GraphQLRequestError ? 'error' : 'warning',
        );
      },
    }),
    defaultOptions: {
      // The GraphQL client already retries what is worth retrying; no caching between screens: data
      // leaves the cache as soon as no screen shows it. Offline, queries pause and resume when the browser
      // is back online (TanStack's default network mode).
      queries: { retry: false, gcTime: 0, staleTime: 0 },
      // A change runs even offline, so it fails at once (OfflineError) instead of waiting paused and being
      // sent when the connection returns, when the customer may have given up on it.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
