import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiArrowLeft, mdiMagnify } from '@mdi/js';
import { Outlet, useParams } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RouteTabs, type RouteTab } from '../../../components/route-tabs.tsx';
import { ButtonLink, TextLink } from '../../../components/router-links.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import { paths } from '../../../config/paths.ts';
import { GraphQLRequestError } from '../../../lib/graphql/errors.ts';
import { useContainer } from '../api/get-container.ts';
import { DeleteContainerButton } from '../components/delete-container-button.tsx';

const containerTabs: readonly RouteTab[] = [
  { label: 'Overview', to: paths.containers.overview },
  { label: 'Configure', to: paths.containers.configure },
];

/** Heading, state, delete action and tabs of one container; or why it cannot be shown. */
export function ContainerLayout() {
  const { namespaceName, containerName } = useParams({
    from: '/compute/serverless-containers/$namespaceName/container/$containerName',
  });
  const container = useContainer(namespaceName, containerName);
  const backToNamespace = (
    <TextLink
      to={paths.namespaces.containers}
      params={{ namespaceName }}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
    >
      <MdiIcon path={mdiArrowLeft} fontSize="small" />
      {namespaceName}
    </TextLink>
  );

  if (container.error instanceof GraphQLRequestError && container.error.hasCode('NOT_FOUND')) {
    return (
      <MessagePage
        icon={mdiMagnify}
        title="Container not found"
        action={
          <ButtonLink to={paths.namespaces.containers} params={{ namespaceName }} variant="contained">
            Back to {namespaceName}
          </ButtonLink>
        }
      >
        There is no container called “{containerName}” in namespace {namespaceName}. It may have been deleted.
      </MessagePage>
    );
  }
  if (container.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="This container could not be loaded"
        description="The platform did not answer. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void container.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!container.data) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading container">
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.5rem' }} />
        <Skeleton variant="rectangular" height={200} />
      </Stack>
    );
  }
  return (
    <>
      {backToNamespace}
      <PageHeader
        title={
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <span>{container.data.name}</span>
            <StateChip state={container.data.state} />
          </Stack>
        }
        subtitle={`Container in ${namespaceName}`}
        action={
          <DeleteContainerButton
            namespace={namespaceName}
            name={container.data.name}
            disabled={container.data.locked}
          />
        }
      />
      <RouteTabs label="Container sections" tabs={containerTabs} params={{ namespaceName, containerName }} />
      <Outlet />
    </>
  );
}
