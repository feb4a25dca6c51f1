// Query keys shared between a feature and the router guard, which clears them when the customer leaves
// a namespace (SPEC §2, guard step 5).
export const namespaceScopeKey = (namespaceName: string) => ['namespace-scope', namespaceName] as const;
export const databaseClustersKey = ['cloud-database-clusters'] as const;
export const messageQueuesKey = ['message-queues'] as const;
