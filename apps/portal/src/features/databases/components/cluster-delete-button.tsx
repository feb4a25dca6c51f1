import { useNavigate } from '@tanstack/react-router';
import { DeleteAction } from '@/components/delete-action.tsx';
import { useDeleteCluster } from '../api/delete-cluster.ts';
import type { ClusterAddress } from '../api/get-cluster.ts';

/** Deleting asks for the cluster's name to be typed, then returns to the list of cloud databases (SPEC §8). */
export function ClusterDeleteButton({ cluster, disabled }: { cluster: ClusterAddress; disabled: boolean }) {
  const navigate = useNavigate();
  return (
    <DeleteAction
      kind="cluster"
      name={cluster.name}
      mutation={useDeleteCluster(cluster)}
      variables={undefined}
      description="Its databases, their data and its users are removed, and nothing can connect to it any more. This cannot be undone."
      successMessage="Cluster deleted successfully"
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() => void navigate({ to: '/storage/databases' })}
    />
  );
}
