import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { AuditLogFilterInput, AuditLogQuery } from '@/gql/graphql.ts';

const auditLogQuery = graphql(`
  query AuditLog($customerId: ID!, $filter: AuditLogFilterInput) {
    auditLogs(customerId: $customerId, filter: $filter) {
      id
      occurredAt
      eventType
      modelName
      modelId
      account {
        id
        name
        email
      }
      changeSet {
        name
        oldValue
        newValue
      }
      tags
    }
  }
`);

export type AuditEntry = NonNullable<AuditLogQuery['auditLogs'][number]>;

/** The customer's changes, newest first, narrowed by the server to the resource types and events asked. */
export const auditLogQueryOptions = (customerId: string, filter: AuditLogFilterInput) =>
  queryOptions({
    queryKey: ['audit-log', customerId, filter],
    queryFn: async ({ signal }) =>
      (await platformRequest(auditLogQuery, { customerId, filter }, signal)).auditLogs.filter(
        (entry): entry is AuditEntry => entry !== null,
      ),
    // A new filter keeps the entries on screen until its answer comes, instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
