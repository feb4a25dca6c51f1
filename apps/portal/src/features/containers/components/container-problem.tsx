import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { mdiTextBoxSearchOutline } from '@mdi/js';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import type { ContainerDetails } from '../api/get-container.ts';

/**
 * Why the container fails, at the top of each of its tabs: the platform's cause in plain words, what to try,
 * and the failing replica's log (the lines before its failure say why).
 */
export function ContainerProblem({
  container,
  namespaceName,
}: {
  container: ContainerDetails;
  namespaceName: string;
}) {
  const { problem } = container;
  if (!problem) return null;
  return (
    <Alert
      severity="error"
      // Read where it is, not announced over what the customer is doing: the page was opened to see it.
      role="region"
      aria-label="Why it fails"
      sx={{ mb: 3 }}
      action={
        <ButtonLink
          to="/compute/serverless-containers/$namespaceName/container/$containerName/logs"
          params={{ namespaceName, containerName: container.name }}
          search={problem.replica ? { replica: problem.replica } : {}}
          color="inherit"
          size="small"
          startIcon={<MdiIcon path={mdiTextBoxSearchOutline} />}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Show its log
        </ButtonLink>
      }
    >
      <AlertTitle>
        {problem.replica ? `Replica ${problem.replica} failed` : `${container.name} is failing`}
      </AlertTitle>
      {problem.cause} {problem.advice}
    </Alert>
  );
}
