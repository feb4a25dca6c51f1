import { graphql } from '../generated/gql.ts';
import type { PlatformApi } from './http.ts';

// The platform API operations on namespaces and the audit log, as clients write them. Fragments are
// found by codegen wherever they are written; the operations spread them by name.

graphql(`
  fragment NamespaceFields on Namespace {
    id
    name
    description
    state
    locked
    internalName
    createdAt
  }
`);

export const CREATE_NAMESPACE = graphql(`
  mutation CreateNamespace($name: String!, $description: String) {
    namespaceCreate(namespaceInput: { name: $name, description: $description }) {
      ...NamespaceFields
    }
  }
`);
export const DELETE_NAMESPACE = graphql(`
  mutation DeleteNamespace($name: String!, $deleteResources: Boolean) {
    namespaceDelete(namespace: { name: $name, deleteResources: $deleteResources })
  }
`);
export const NAMESPACES = graphql(`
  query Namespaces {
    namespaces {
      ...NamespaceFields
    }
  }
`);
export const NAMESPACE_BY_NAME = graphql(`
  query NamespaceByName($name: String!) {
    namespace(name: $name) {
      ...NamespaceFields
    }
  }
`);
export const NAMESPACE_BY_ID = graphql(`
  query NamespaceById($id: ID!) {
    namespace(id: $id) {
      ...NamespaceFields
    }
  }
`);

export const AUDIT_LOGS = graphql(`
  query AuditLogs($customerId: ID!) {
    auditLogs(customerId: $customerId) {
      id
      occurredAt
      eventType
      modelName
      modelId
      account {
        email
      }
      changeSet {
        name
        oldValue
        newValue
      }
    }
  }
`);

/** The customer's audit log, as the API gives it (newest first); a null entry (the schema allows it) fails. */
export async function auditLogs(customer: PlatformApi & { customerId: number | string }) {
  const { auditLogs: entries } = await customer.data(AUDIT_LOGS, { customerId: String(customer.customerId) });
  return entries.map((entry, index) => {
    if (!entry) throw new Error(`audit log entry ${index} is null`);
    return entry;
  });
}
