import { mdiKeyChainVariant } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { registriesQueryOptions } from '../api/get-registries.ts';
import { registryColumns } from '../components/registry-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/registries');

export function RegistriesTab() {
  const { namespaceName } = route.useParams();
  return (
    <ResourceListView
      label="Private registries"
      query={registriesQueryOptions(namespaceName)}
      rowKey={(registry) => registry.id}
      rowName={(registry) => registry.name}
      columns={registryColumns(namespaceName)}
      filter={{ label: 'State', value: (registry) => registry.state }}
      create={{
        label: 'Add registry',
        link: {
          to: '/compute/serverless-containers/$namespaceName/registries/new',
          params: { namespaceName },
        },
      }}
      empty={{
        icon: mdiKeyChainVariant,
        title: 'No private registries yet',
        description:
          'Add the credentials of a private registry so containers in this namespace can pull their images from it.',
      }}
    />
  );
}
