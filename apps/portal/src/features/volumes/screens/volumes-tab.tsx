import { mdiHarddisk } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { usePriceList } from '@/components/pricing/price-list.ts';
import { FreeStartNote } from '@/components/pricing/free-start-note.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { volumesQueryOptions } from '../api/get-volumes.ts';
import { volumeColumns } from '../components/volume-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/volumes');

export function VolumesTab() {
  const { namespaceName } = route.useParams();
  const priceList = usePriceList();
  return (
    <ResourceListView
      label="Volumes"
      query={volumesQueryOptions(namespaceName)}
      rowKey={(volume) => volume.id}
      rowName={(volume) => volume.name}
      columns={volumeColumns(namespaceName, priceList)}
      filter={{ label: 'State', value: (volume) => volume.state }}
      create={{
        label: 'Create volume',
        link: { to: '/compute/serverless-containers/$namespaceName/volumes/new', params: { namespaceName } },
      }}
      note={
        <FreeStartNote>
          Free start: your volumes cost nothing. The monthly cost is what they will cost once you subscribe.
        </FreeStartNote>
      }
      empty={{
        icon: mdiHarddisk,
        title: 'No volumes yet',
        description:
          "A volume keeps files across restarts of a container's replicas. Create one here, or while creating a container.",
      }}
    />
  );
}
