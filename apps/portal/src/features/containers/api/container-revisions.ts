import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContainerRevisionRowFragment } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { containerQueryKey } from './get-container.ts';

const containerRevisionRowFragment = graphql(`
  fragment ContainerRevisionRow on ContainerRevision {
    number
    reason
    rolledBackTo
    current
    image
    privateRegistry
    resources
    entrypoint
    command
    ports
    environmentVariables {
      name
      value
      secret
    }
    replicas
    autoScaling {
      replicas {
        minimum
        maximum
      }
    }
    createdBy
    createdAt
  }
`);

const containerRevisionsQuery = withFragments(
  graphql(`
    query ContainerRevisions($namespace: String!, $name: String!) {
      container(containerResourceInput: { namespace: $namespace, name: $name }) {
        id
        revisions {
          ...ContainerRevisionRow
        }
      }
    }
  `),
  containerRevisionRowFragment,
);

export type ContainerRevision = ContainerRevisionRowFragment;

/** The container's deploys, newest first; refreshed with the container (same key prefix). */
export function useContainerRevisions(namespace: string, name: string) {
  return useQuery({
    queryKey: [...containerQueryKey(namespace, name), 'revisions'],
    queryFn: ({ signal }) =>
      platformRequest(containerRevisionsQuery, { namespace, name }, signal).then(
        (data) => data.container.revisions,
      ),
  });
}

const rollbackMutation = graphql(`
  mutation ContainerRollback($namespace: String!, $name: String!, $revision: Int!) {
    containerRollback(container: { namespace: $namespace, name: $name }, revision: $revision) {
      id
      state
      locked
    }
  }
`);

const redeployMutation = graphql(`
  mutation ContainerRedeploy($namespace: String!, $name: String!) {
    containerRedeploy(container: { namespace: $namespace, name: $name }) {
      id
      state
      locked
    }
  }
`);

const restartMutation = graphql(`
  mutation ContainerRestart($namespace: String!, $name: String!) {
    containerRestart(container: { namespace: $namespace, name: $name }) {
      id
      state
      locked
    }
  }
`);

interface ContainerName {
  namespace: string;
  name: string;
}

/** A deploy started from the revisions tab; the container's screens then follow it as any change. */
function useDeploy<TVariables extends ContainerName>(send: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_container, { namespace }) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(namespace) }),
    // The confirmation shows the platform's refusal itself.
    meta: { inlineErrors: true },
  });
}

/** Deploys an earlier revision again, as the next one. */
export const useRollbackContainer = () =>
  useDeploy((variables: ContainerName & { revision: number }) =>
    platformRequest(rollbackMutation, variables),
  );

/** Deploys the container again as it is, as the next revision. */
export const useRedeployContainer = () =>
  useDeploy((variables: ContainerName) => platformRequest(redeployMutation, variables));

/** Replaces the replicas one by one, without a new revision. */
export const useRestartContainer = () =>
  useDeploy((variables: ContainerName) => platformRequest(restartMutation, variables));
