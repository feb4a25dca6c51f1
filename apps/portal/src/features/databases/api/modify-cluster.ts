import type { CloudDatabaseClusterModifyInput, ExternalConnectionInput } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import type { ClusterAddress } from './get-cluster.ts';
import { useClusterChange } from './use-cluster-change.ts';

// The cluster's own settings changed from its page: the advisor (on or off: no lock, nothing to apply) and its
// external connection (a patch, applied as any change: the cluster is locked meanwhile).

const modifyClusterMutation = graphql(`
  mutation CloudDatabaseClusterModify($input: CloudDatabaseClusterModifyInput!) {
    cloudDatabaseClusterModify(cloudDatabaseClusterInput: $input) {
      id
      state
      locked
    }
  }
`);

type ClusterChange = Omit<CloudDatabaseClusterModifyInput, 'name' | 'namespace'>;

const modifyCluster = (cluster: ClusterAddress, change: ClusterChange) =>
  platformRequest(modifyClusterMutation, { input: { ...cluster, ...change } });

/** Turns the advisor on or off (its advisories go with it). */
export function useSwitchClusterAdvisor(cluster: ClusterAddress) {
  return useClusterChange(cluster, (enabled: boolean) => modifyCluster(cluster, { advisor: { enabled } }));
}

/** Adds, changes (a patch) or removes (state ABSENT) the cluster's external connection. */
export function useChangeClusterConnection(cluster: ClusterAddress) {
  return useClusterChange(cluster, (externalConnection: ExternalConnectionInput) =>
    modifyCluster(cluster, { externalConnection }),
  );
}
