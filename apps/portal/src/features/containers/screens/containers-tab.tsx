import { mdiPackageVariant } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { usePriceList } from '@/components/pricing/price-list.ts';
import { FreeStartNote } from '@/components/pricing/free-start-note.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { containersQueryOptions } from '../api/get-containers.ts';
import { containerColumns } from '../components/container-columns.tsx';
import { planLimitReasons } from '@/lib/auth/access.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/containers');

export function ContainersTab() {
  const { namespaceName } = route.useParams();
  const priceList = usePriceList();
  return (
    <ResourceListView
      label="Containers"
      query={containersQueryOptions(namespaceName)}
      rowKey={(container) => container.id}
      rowName={(container) => container.name}
      rowLink={(container) => ({
        to: '/compute/serverless-containers/$namespaceName/container/$containerName',
        params: { namespaceName, containerName: container.name },
      })}
      columns={containerColumns(priceList)}
      filter={{ label: 'State', value: (container) => container.state }}
      create={{
        label: 'Create container',
        link: {
          to: '/compute/serverless-containers/$namespaceName/container/new',
          params: { namespaceName },
        },
        permission: 'create-limited',
        restrictedReason: planLimitReasons.container,
      }}
      note={
        <FreeStartNote>
          Free start: your containers cost nothing. The monthly cost is what they will cost once you
          subscribe.
        </FreeStartNote>
      }
      empty={{
        icon: mdiPackageVariant,
        title: 'No containers yet',
        description:
          'Run an image from a public or private registry, with web addresses, variables and volumes.',
        readOnlyDescription: 'Containers created in this namespace will appear here.',
      }}
    />
  );
}
