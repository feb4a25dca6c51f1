import { mdiDatabaseSearchOutline, mdiMagnify } from '@mdi/js';
import { Navigate } from '@tanstack/react-router';
import { LoadError } from '@/components/load-error.tsx';
import { MessagePage } from '@/components/message-page.tsx';
import { ButtonLink, TextLink } from '@/components/router-links.tsx';
import { useClustersNamed } from '../api/get-cluster-addresses.ts';
import { ResourcePageLoading } from '@/components/resource-page-parts.tsx';

const backToList = (
  <ButtonLink to="/storage/databases" variant="contained">
    Back to cloud databases
  </ButtonLink>
);

/**
 * `/storage/databases/{name}` (SPEC §2: the namespace may be left out): the page of the one cluster of that
 * name, whichever its namespace; when several namespaces have one, the customer picks.
 */
export function ClusterLookupPage({ name }: { name: string }) {
  const clusters = useClustersNamed(name);
  if (clusters.isError) {
    return <LoadError title="Your database clusters could not be loaded" onRetry={clusters.refetch} />;
  }
  if (!clusters.data) {
    return <ResourcePageLoading label="Looking for the database cluster" />;
  }
  const [first, ...others] = clusters.data;
  if (!first) {
    return (
      <MessagePage icon={mdiMagnify} title="Database cluster not found" action={backToList}>
        There is no database cluster called “{name}”. It may have been deleted.
      </MessagePage>
    );
  }
  if (others.length === 0) {
    return (
      <Navigate
        to="/storage/databases/$namespaceName/$clusterName"
        params={{ namespaceName: first.namespace, clusterName: first.name }}
        replace
      />
    );
  }
  return (
    <MessagePage icon={mdiDatabaseSearchOutline} title={`Which ${name}?`} action={backToList}>
      Several namespaces have a database cluster called “{name}”:{' '}
      {clusters.data.map((cluster, index) => (
        <span key={cluster.namespace}>
          {index > 0 && ', '}
          <TextLink
            to="/storage/databases/$namespaceName/$clusterName"
            params={{ namespaceName: cluster.namespace, clusterName: cluster.name }}
          >
            {cluster.name} in {cluster.namespace}
          </TextLink>
        </span>
      ))}
      .
    </MessagePage>
  );
}
