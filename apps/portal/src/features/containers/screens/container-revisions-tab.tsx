import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiBackupRestore, mdiRestart, mdiRocketLaunchOutline } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { ConfirmedAction } from '@/components/confirmed-action.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { ResourceTable, type ResourceColumn } from '@/components/resource-table.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { formatResources } from '@/components/workload/resources.ts';
import { formatDateTime } from '@/lib/format.ts';
import {
  useContainerRevisions,
  useRedeployContainer,
  useRestartContainer,
  useRollbackContainer,
  type ContainerRevision,
} from '../api/container-revisions.ts';
import { useContainer } from '../api/get-container.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/revisions');

/** Why a revision was deployed, in the words of the table. */
function reasonText(revision: ContainerRevision): string {
  switch (revision.reason) {
    case 'CREATED':
      return 'Created';
    case 'CHANGED':
      return 'Changed';
    case 'ROLLED_BACK':
      return `Rolled back to revision ${revision.rolledBackTo ?? '?'}`;
    case 'REDEPLOYED':
      return 'Redeployed';
  }
}

function replicasText(revision: ContainerRevision): string {
  const auto = revision.autoScaling;
  if (auto) return `${auto.replicas.minimum} to ${auto.replicas.maximum}, automatic`;
  return String(revision.replicas ?? 0);
}

/** Text broken between words only (a long image name too, at its end), never inside a word for a column's sake. */
function Whole({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {children}
    </Box>
  );
}

/** The variables a revision ran with: names, and values where they are not secret. */
function VariablesText({ revision }: { revision: ContainerRevision }) {
  if (revision.environmentVariables.length === 0) return <>None</>;
  return (
    <>
      {revision.environmentVariables
        .map((variable) =>
          variable.secret ? `${variable.name} (secret)` : `${variable.name}=${variable.value ?? ''}`,
        )
        .join(', ')}
    </>
  );
}

/**
 * Every deploy of the container, newest first, with what it ran and who started it; roll back to one, deploy
 * the current one again, or restart the replicas. Each asks first and is refused while a change is rolling.
 */
export function ContainerRevisionsTab() {
  const { namespaceName, containerName } = route.useParams();
  const container = useContainer(namespaceName, containerName).data;
  const revisions = useContainerRevisions(namespaceName, containerName);
  const rollback = useRollbackContainer();
  const redeploy = useRedeployContainer();
  const restart = useRestartContainer();
  const names = { namespace: namespaceName, name: containerName };
  const busy = container?.locked ?? true;

  const columns: ResourceColumn<ContainerRevision>[] = [
    {
      id: 'revision',
      header: 'Revision',
      cell: (revision) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{revision.number}</span>
          {revision.current && <Chip size="small" color="primary" variant="outlined" label="current" />}
        </Stack>
      ),
    },
    {
      id: 'deployed',
      header: 'Deployed',
      cell: (revision) => (
        <>
          {formatDateTime(revision.createdAt)}
          {revision.createdBy && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              by {revision.createdBy}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'reason', header: 'Why', cell: (revision) => <Whole>{reasonText(revision)}</Whole> },
    {
      id: 'image',
      header: 'Image',
      hideBelow: 'sm',
      cell: (revision) => <Whole>{revision.image}</Whole>,
    },
    {
      id: 'size',
      header: 'Size',
      hideBelow: 'md',
      cell: (revision) => formatResources(revision.resources),
    },
    { id: 'replicas', header: 'Replicas', hideBelow: 'md', cell: replicasText },
    {
      id: 'variables',
      header: 'Variables',
      hideBelow: 'lg',
      cell: (revision) => <VariablesText revision={revision} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (revision) =>
        revision.current ? null : (
          <ConfirmedAction
            label="Roll back"
            accessibleLabel={`Roll back to revision ${revision.number}`}
            icon={mdiBackupRestore}
            // An icon in the row, named in its tooltip: the table stays narrow enough for a phone.
            compact
            title={`Roll back to revision ${revision.number}?`}
            description={`Revision ${revision.number} (${revision.image}, ${formatResources(revision.resources)}) is deployed again as a new revision, with the variables, secret values included, and addresses it had. Its replicas replace the current ones one by one.`}
            confirmLabel="Roll back"
            mutation={rollback}
            variables={() => ({ ...names, revision: revision.number })}
            disabled={busy}
            onDone={() =>
              showSnackbar(`Rolling back ${containerName} to revision ${revision.number}`, 'success')
            }
          />
        ),
    },
  ];

  return (
    <Stack spacing={3}>
      <Section
        title="Deploy again"
        description="A redeploy starts a new revision of the container as it is, pulling its image again; a restart replaces its replicas one by one without one."
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <ConfirmedAction
            label="Redeploy"
            icon={mdiRocketLaunchOutline}
            title={`Redeploy ${containerName}?`}
            description="The container is deployed again as it is, as a new revision: its image is pulled again and its replicas are replaced one by one."
            confirmLabel="Redeploy"
            mutation={redeploy}
            variables={() => names}
            disabled={busy}
            onDone={() => showSnackbar(`Redeploying ${containerName}`, 'success')}
          />
          <ConfirmedAction
            label="Restart replicas"
            icon={mdiRestart}
            title={`Restart the replicas of ${containerName}?`}
            description="Each replica is replaced by a new one of the same revision, one by one, so the container keeps serving."
            confirmLabel="Restart"
            mutation={restart}
            variables={() => names}
            disabled={busy}
            onDone={() => showSnackbar(`Restarting the replicas of ${containerName}`, 'success')}
          />
        </Stack>
      </Section>
      <Section title="Revisions" description="Every deploy, newest first: the last 50 are kept.">
        {revisions.isPending ? (
          <LoadingBlock label="Loading revisions" height={160} sx={{ mt: 2 }} />
        ) : revisions.isError ? (
          <LoadError title="The revisions could not be loaded" onRetry={revisions.refetch} />
        ) : (
          <ResourceTable
            label="Revisions"
            columns={columns}
            rows={revisions.data}
            rowKey={(revision) => String(revision.number)}
            empty={
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                No revisions yet: the container&apos;s next deploy is its first.
              </Typography>
            }
          />
        )}
      </Section>
    </Stack>
  );
}
