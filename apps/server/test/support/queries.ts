// The platform API operations the tests send, as clients write them.

export const NAMESPACE_FIELDS = 'id name description state locked internalName createdAt';

export interface NamespaceView {
  id: string;
  name: string;
  description: string;
  state: string;
  locked: boolean;
  internalName: string;
  createdAt: string;
}

export const CREATE_NAMESPACE = `mutation Create($name: String!, $description: String) {
  namespaceCreate(namespaceInput: { name: $name, description: $description }) { ${NAMESPACE_FIELDS} }
}`;
export const DELETE_NAMESPACE = `mutation Delete($name: String!) { namespaceDelete(namespace: { name: $name }) }`;
export const NAMESPACES = `{ namespaces { ${NAMESPACE_FIELDS} } }`;
export const NAMESPACE_BY_NAME = `query ByName($name: String!) { namespace(name: $name) { ${NAMESPACE_FIELDS} } }`;
export const NAMESPACE_BY_ID = `query ById($id: ID!) { namespace(id: $id) { ${NAMESPACE_FIELDS} } }`;

export const AUDIT_LOGS = `query Audit($customerId: ID!) {
  auditLogs(customerId: $customerId) {
    id occurredAt eventType modelName modelId account { email } changeSet { name oldValue newValue }
  }
}`;

export interface AuditLogView {
  id: string;
  occurredAt: string;
  eventType: string;
  modelName: string;
  modelId: number;
  account: { email: string } | null;
  changeSet: { name: string; oldValue: string | null; newValue: string | null }[];
}
