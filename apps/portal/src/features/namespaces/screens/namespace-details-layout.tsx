import type { ReactNode } from 'react';
import { mdiMagnify } from '@mdi/js';

import { MessagePage } from '@/components/message-page.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { useNamespace } from '../api/get-namespace.ts';
import { isChanging } from '@/lib/resource-activity.ts';
import { DeleteNamespaceButton } from '../components/delete-namespace-button.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { NameWithState, ResourcePageLoading } from '@/components/resource-page-parts.tsx';

/** Heading, state and delete action of one namespace, around its tabs; or why it cannot be shown. */
export function NamespaceDetailsLayout({ name, children }: { name: string; children: ReactNode }) {
  const namespace = useNamespace(name);

  if (namespace.error instanceof GraphQLRequestError && namespace.error.hasCode('NOT_FOUND')) {
    return (
      <MessagePage
        icon={mdiMagnify}
        title="Namespace not found"
        action={
          <ButtonLink to={'/compute/serverless-containers'} variant="contained">
            Back to namespaces
          </ButtonLink>
        }
      >
        There is no namespace called “{name}” in your account. It may have been deleted.
      </MessagePage>
    );
  }
  if (namespace.isError) {
    return <LoadError title="This namespace could not be loaded" onRetry={namespace.refetch} />;
  }
  if (!namespace.data) {
    return <ResourcePageLoading label="Loading namespace" />;
  }
  return (
    <>
      <PageHeader
        title={<NameWithState name={namespace.data.name} state={namespace.data.state} />}
        subtitle={namespace.data.description || 'Namespace'}
        action={<DeleteNamespaceButton name={namespace.data.name} disabled={isChanging(namespace.data)} />}
      />
      {children}
    </>
  );
}
