import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountApiKeyCreateMutationVariables } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { apiKeysKey } from './api-keys.ts';

const createMutation = graphql(`
  mutation AccountApiKeyCreate($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime!) {
    accountApiKeyCreate(name: $name, scope: $scope, expiresAt: $expiresAt) {
      apiKey {
        id
        name
        clientId
      }
      clientSecret
    }
  }
`);

const revokeMutation = graphql(`
  mutation AccountApiKeyRevoke($id: ID!) {
    accountApiKeyRevoke(id: $id)
  }
`);

export type ApiKeyCreate = AccountApiKeyCreateMutationVariables;

/** A change of the keys; once accepted, the list is loaded again. */
function useApiKeyChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
    meta: { inlineErrors: true },
  });
}

/** A new key and its secret, which the answer holds this once. */
export const useCreateApiKey = () =>
  useApiKeyChange(
    async (variables: ApiKeyCreate) => (await platformRequest(createMutation, variables)).accountApiKeyCreate,
  );

export const useRevokeApiKey = () => useApiKeyChange((id: string) => platformRequest(revokeMutation, { id }));
