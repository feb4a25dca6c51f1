import { eventually, waitForState, type PlatformApi } from './http.ts';
import { CREATE_NAMESPACE, NAMESPACE_BY_NAME, NAMESPACES } from './queries.ts';

/** Polls the API until the namespace reaches the state and is unlocked; returns it. */
export function waitForNamespace(api: PlatformApi, name: string, state: string) {
  return waitForState(
    `namespace ${name}`,
    state,
    async () => (await api.gql(NAMESPACE_BY_NAME, { name })).body.data?.namespace,
  );
}

/** A namespace of the caller, created and settled. */
export async function createdNamespace(api: PlatformApi, name: string) {
  await api.data(CREATE_NAMESPACE, { name });
  return waitForNamespace(api, name, 'created');
}

/** Polls the API until the namespace is gone (the API answers NOT_FOUND). */
export function waitUntilNamespaceGone(api: PlatformApi, name: string): Promise<true> {
  return eventually(`namespace ${name} to disappear`, async () => {
    const { body } = await api.gql(NAMESPACE_BY_NAME, { name });
    return body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
  });
}

/** Names of the caller's namespaces, as the API lists them. */
export async function namespaceNames(api: PlatformApi): Promise<string[]> {
  const { namespaces } = await api.data(NAMESPACES);
  return namespaces.map((namespace) => namespace.name);
}
