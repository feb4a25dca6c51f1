import { mdiShape } from '@mdi/js';
import { PageHeader } from '@/components/page-header.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { namespacesQueryOptions } from '../api/get-namespaces.ts';
import { namespaceColumns } from '../components/namespace-columns.tsx';
import { planLimitReasons } from '@/lib/auth/access.ts';

export function NamespaceListPage() {
  return (
    <>
      <PageHeader
        title="Namespaces"
        subtitle="A namespace groups containers, jobs, registries, volumes and databases."
      />
      <ResourceListView
        label="Namespaces"
        query={namespacesQueryOptions()}
        rowKey={(namespace) => String(namespace.id)}
        rowName={(namespace) => namespace.name}
        rowLink={(namespace) => ({
          to: '/compute/serverless-containers/$namespaceName',
          params: { namespaceName: namespace.name },
        })}
        columns={namespaceColumns}
        filter={{ label: 'State', value: (namespace) => namespace.state }}
        create={{
          label: 'Create namespace',
          link: { to: '/compute/serverless-containers/new' },
          permission: 'create-limited',
          restrictedReason: planLimitReasons.namespace,
        }}
        empty={{
          icon: mdiShape,
          title: 'No namespaces yet',
          description: 'Create your first namespace to start running serverless containers.',
          readOnlyDescription: 'Namespaces you create will appear here.',
        }}
      />
    </>
  );
}
