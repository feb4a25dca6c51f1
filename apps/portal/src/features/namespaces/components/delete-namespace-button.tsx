import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ConfirmationContent, ResourceGroup } from '@/components/confirm-dialog.tsx';
import { DeleteAction } from '@/components/delete-action.tsx';
import { workloadGroups } from '@/components/workload/workload-groups.ts';
import { changeNote } from '@/lib/resource-activity.ts';
import { useDeleteNamespace } from '../api/delete-namespace.ts';
import { allContents, useNamespaceContents, type NamespaceContents } from '../api/get-namespace-contents.ts';

/**
 * Deleting lists what the namespace holds, then asks for its name. The platform deletes only an empty
 * namespace, or one with everything in it when asked to: a namespace that holds something is deleted only
 * with the choice to delete its contents too. Then back to the list, where it fades out as the platform
 * works through it.
 */
export function DeleteNamespaceButton({ name, disabled }: { name: string; disabled: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [everything, setEverything] = useState(false);
  const contents = useNamespaceContents(name, open);
  return (
    <DeleteAction
      kind="namespace"
      name={name}
      mutation={useDeleteNamespace()}
      variables={{ name, deleteResources: everything }}
      {...confirmation(name, contents, { checked: everything, onChange: setEverything })}
      confirmLabel={everything ? 'Delete namespace and everything in it' : 'Delete namespace'}
      onOpenChange={(next) => {
        setOpen(next);
        // Each confirmation starts unchosen (reset on opening: the closing dialog keeps what it showed).
        if (next) setEverything(false);
      }}
      successMessage="Your namespace is being deleted"
      disabled={disabled}
      trigger="button"
      typeToConfirm
      errorsInDialog
      onDeleted={() => void navigate({ to: '/compute/serverless-containers' })}
    />
  );
}

/** What the dialog says and asks, as the namespace's contents load and change. */
function confirmation(
  name: string,
  contents: { data?: NamespaceContents; isError: boolean },
  deleteEverything: { checked: boolean; onChange: (checked: boolean) => void },
): ConfirmationContent {
  const { data } = contents;
  if (contents.isError && !data) {
    return {
      description: `What ${name} holds could not be loaded.`,
      blocker: 'Nothing is deleted without knowing that. Close this and try again.',
    };
  }
  if (!data) return { description: `Finding out what ${name} holds…`, loading: true };
  const held = allContents(data);
  if (held.length === 0) {
    return { description: `${name} is empty. Deleting it cannot be undone.` };
  }
  // The platform starts deleting everything at once, and refuses while any of it is being changed.
  const changing = held.filter((resource) => changeNote(resource) === 'being changed');
  return {
    description: `${name} holds:`,
    resources: contentGroups(name, data),
    option: {
      label: 'Delete everything in it too',
      detail:
        'Containers and jobs stop, volumes and database clusters are erased with their data, registry credentials are removed. This cannot be undone.',
      ...deleteEverything,
    },
    blocker:
      changing.length > 0
        ? `${changing.map((resource) => resource.name).join(', ')} ${changing.length === 1 ? 'is' : 'are'} being changed: the namespace can be deleted once that is done. This updates by itself.`
        : !deleteEverything.checked
          ? 'A namespace must be empty before it is deleted. Choose to delete everything in it, or delete what it holds first.'
          : undefined,
  };
}

/** What the namespace holds, by kind, each name linking to its page or tab. */
function contentGroups(namespaceName: string, data: NamespaceContents): ResourceGroup[] {
  const tabGroup = (
    one: string,
    many: string,
    to:
      | '/compute/serverless-containers/$namespaceName/registries'
      | '/compute/serverless-containers/$namespaceName/volumes'
      | '/compute/serverless-containers/$namespaceName/databases',
    resources: NamespaceContents['registries'],
  ): ResourceGroup => {
    const link = { to, params: { namespaceName } };
    return {
      one,
      many,
      link,
      items: resources.map((resource) => ({ name: resource.name, note: changeNote(resource), link })),
    };
  };
  return [
    ...workloadGroups(namespaceName, data),
    tabGroup(
      'registry',
      'registries',
      '/compute/serverless-containers/$namespaceName/registries',
      data.registries,
    ),
    tabGroup('volume', 'volumes', '/compute/serverless-containers/$namespaceName/volumes', data.volumes),
    tabGroup(
      'database cluster',
      'database clusters',
      '/compute/serverless-containers/$namespaceName/databases',
      data.databaseClusters,
    ),
  ].filter((group) => group.items.length > 0);
}
