import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { OnDemandAlert } from '@/components/on-demand-alert.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { portalLanguage } from '@/lib/language.ts';
import {
  advisorOf,
  type ClusterAddress,
  type ClusterAdvisory,
  type ClusterDetails,
} from '../api/get-cluster.ts';
import { useSwitchClusterAdvisor } from '../api/modify-cluster.ts';

// The advisor of a cluster on its page (API.md "advisories"): turned on and off here, what it is doing (waiting
// for its first analysis, or when it last analysed), and what its last analysis suggests, by type: missing
// indexes, each in its database, and setting suggestions.

/** `analysed 2026-11-27` → the day in the customer's language (`Nov 27, 2026`, `27 Nov 2026`). */
function analysedOn(status: string): string | null {
  const day = /^analysed (\d{4}-\d{2}-\d{2})$/.exec(status)?.[1];
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(portalLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

function statusText(status: string): string {
  if (status === 'off') return 'Off: turn it on to have the databases analysed once a day.';
  if (status === 'waiting') return 'Waiting for its first analysis';
  const day = analysedOn(status);
  return day ? `Analysed on ${day}` : status;
}

type MissingIndex = Extract<ClusterAdvisory, { __typename: 'CloudDatabaseAdvisoryMissingIndex' }>;

const isMissingIndex = (advisory: ClusterAdvisory): advisory is MissingIndex =>
  advisory.__typename === 'CloudDatabaseAdvisoryMissingIndex';

function AdvisoryGroup({ title, advisories }: { title: string; advisories: readonly ClusterAdvisory[] }) {
  if (advisories.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {advisories.map((advisory) => (
          <Box
            component="li"
            key={advisory.identifier}
            sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            {isMissingIndex(advisory) && (
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                Database {advisory.databaseName}
              </Typography>
            )}
            <Typography sx={{ overflowWrap: 'anywhere' }}>{advisory.message}</Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

export function ClusterAdvisor({ cluster, address }: { cluster: ClusterDetails; address: ClusterAddress }) {
  const advisor = advisorOf(cluster);
  const change = useSwitchClusterAdvisor(address);
  const enabled = advisor?.enabled ?? false;
  // While the switch is being saved it shows what was asked for.
  const checked = change.isPending ? Boolean(change.variables) : enabled;
  const status = advisor?.status ?? 'off';
  const analysed = enabled && analysedOn(status) !== null;
  const toggle = (on: boolean) =>
    change.mutate(on, {
      onSuccess: () =>
        showSnackbar(
          on ? 'The advisor is on: it analyses the databases shortly, then once a day' : 'The advisor is off',
          'success',
        ),
    });

  return (
    <Section
      title="Advisor"
      description="Analyses the databases once a day and suggests what would make them faster: missing indexes and settings. It only reads statistics and settings; turned off, it forgets its suggestions."
    >
      <div>
        <FormControlLabel
          label="Database advisor"
          disabled={change.isPending || cluster.locked}
          control={<Switch checked={checked} onChange={(event) => toggle(event.target.checked)} />}
        />
        <Typography role="status" color={enabled ? 'text.primary' : 'text.secondary'}>
          {statusText(status)}
        </Typography>
      </div>
      {cluster.locked && (
        <Typography variant="body2" color="text.secondary">
          A change is being applied to this cluster. You can switch the advisor once it is done.
        </Typography>
      )}
      {change.error instanceof GraphQLRequestError && (
        <OnDemandAlert severity="error">{change.error.message}</OnDemandAlert>
      )}
      {analysed &&
        (cluster.advisories.length === 0 ? (
          <div>
            <Typography sx={{ fontWeight: 600 }}>Nothing to suggest</Typography>
            <Typography variant="body2" color="text.secondary">
              The last analysis found no missing index and no setting to change.
            </Typography>
          </div>
        ) : (
          <>
            <AdvisoryGroup title="Missing indexes" advisories={cluster.advisories.filter(isMissingIndex)} />
            <AdvisoryGroup
              title="Setting suggestions"
              advisories={cluster.advisories.filter((advisory) => !isMissingIndex(advisory))}
            />
          </>
        ))}
    </Section>
  );
}
