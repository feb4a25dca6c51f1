import type { TestCustomer } from './customers.ts';
import { eventually, gql } from './http.ts';
import { NAMESPACE_BY_NAME, NAMESPACES, type NamespaceView } from './queries.ts';

/** Polls the API until the namespace reaches the state and is unlocked; returns it. */
export function waitForNamespace(
  url: string,
  token: string,
  name: string,
  state: string,
): Promise<NamespaceView> {
  return eventually(`namespace ${name} to be ${state}`, async () => {
    const { body } = await gql<{ namespace: NamespaceView }>(url, token, NAMESPACE_BY_NAME, { name });
    const namespace = body.data?.namespace;
    return namespace?.state === state && !namespace.locked ? namespace : undefined;
  });
}

/** Polls the API until the namespace is gone (the API answers NOT_FOUND). */
export function waitUntilNamespaceGone(url: string, token: string, name: string): Promise<true> {
  return eventually(`namespace ${name} to disappear`, async () => {
    const { body } = await gql<{ namespace: NamespaceView }>(url, token, NAMESPACE_BY_NAME, { name });
    return body.errors?.[0]?.extensions?.code === 'NOT_FOUND' ? true : undefined;
  });
}

/** Names of the customer's namespaces, as the API lists them. */
export async function namespaceNames(customer: TestCustomer): Promise<string[]> {
  const { namespaces } = await customer.data<{ namespaces: NamespaceView[] }>(NAMESPACES);
  return namespaces.map((namespace) => namespace.name);
}
