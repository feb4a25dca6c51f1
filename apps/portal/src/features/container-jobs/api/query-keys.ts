import { namespaceScopeKey } from '../../../lib/query-keys.ts';

// The keys of the job queries, apart from the queries themselves: a screen that only refreshes a list after a
// change (deleting a job) need not load the list's query.

export const containerJobsQueryKey = (namespace: string) =>
  [...namespaceScopeKey(namespace), 'container-jobs'] as const;
