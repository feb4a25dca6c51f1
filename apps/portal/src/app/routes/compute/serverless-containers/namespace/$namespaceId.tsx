import { createFileRoute, redirect } from '@tanstack/react-router';
import { namespaceByIdQueryOptions } from '@/features/namespaces/api/get-namespace-by-id.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';

// A legacy address by id: to the namespace's page by name, or not found.
export const Route = createFileRoute('/compute/serverless-containers/namespace/$namespaceId')({
  staticData: { title: 'Namespace' },
  beforeLoad: async ({ params, context: { queryClient } }) => {
    const namespace = await queryClient
      .fetchQuery(namespaceByIdQueryOptions(params.namespaceId))
      .catch((error: unknown) => {
        if (error instanceof GraphQLRequestError && error.hasCode('NOT_FOUND')) return null;
        throw error;
      });
    if (!namespace) throw redirect({ to: '/not-found', replace: true });
    throw redirect({
      to: '/compute/serverless-containers/$namespaceName',
      params: { namespaceName: namespace.name },
      replace: true,
    });
  },
});
