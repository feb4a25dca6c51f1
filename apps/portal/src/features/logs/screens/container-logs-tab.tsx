import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { replicaNamesQueryOptions } from '../api/replica-names.ts';
import { fromLocalInput, logPeriod, logRangeLabels, toLocalInput } from '../components/log-range.ts';
import { logRanges, type LogRange } from '../components/log-range-names.ts';
import { LogViewer } from '../components/log-viewer.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/logs');

const ALL_REPLICAS = '';

/**
 * The container page's `logs` tab: the live log of all its replicas, or of the one picked; over a time range
 * (the last hour, …, or between two times), with the replicas that have stopped or been replaced if asked.
 * What is picked is kept in the address, so a link (a failure's banner) can open the log as it needs.
 */
export function ContainerLogsTab() {
  const { namespaceName, containerName } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const replica = search.replica ?? ALL_REPLICAS;
  const range: LogRange = search.range ?? 'live';
  const includeStopped = search.stopped === true;
  const change = (next: Partial<typeof search>) =>
    void navigate({ search: (current) => ({ ...current, ...next }), replace: true });

  // A range up to now starts when it is picked (or the page opened with it), not anew at each render.
  const [pickedAt, setPickedAt] = useState(Date.now);
  const period = useMemo(
    () => logPeriod(range, pickedAt, { from: search.from, to: search.to }),
    [range, pickedAt, search.from, search.to],
  );
  const customProblem =
    range === 'custom' && search.from && search.to && !period
      ? 'The end must come after the start'
      : undefined;

  const replicas = useQuery(replicaNamesQueryOptions(namespaceName, containerName));
  // The one picked stays listed after it stopped: its lines are kept with the container's.
  const names = [...new Set([...(replicas.data ?? []), ...(replica ? [replica] : [])])];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          label="Replica"
          size="small"
          value={replica}
          onChange={(event) => change({ replica: event.target.value || undefined })}
          // "All replicas" is the empty value: shown as chosen, not as an empty field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { sm: 320 } }}
        >
          <MenuItem value={ALL_REPLICAS}>All replicas</MenuItem>
          {names.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Time"
          size="small"
          value={range}
          onChange={(event) => {
            setPickedAt(Date.now());
            change({ range: event.target.value as LogRange });
          }}
          sx={{ width: { sm: 220 } }}
        >
          {logRanges.map((option) => (
            <MenuItem key={option} value={option}>
              {logRangeLabels[option]}
            </MenuItem>
          ))}
        </TextField>
        {range === 'custom' && (
          <>
            <TextField
              label="From"
              type="datetime-local"
              size="small"
              value={toLocalInput(search.from)}
              onChange={(event) => change({ from: fromLocalInput(event.target.value) })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="datetime-local"
              size="small"
              value={toLocalInput(search.to)}
              onChange={(event) => change({ to: fromLocalInput(event.target.value) })}
              error={customProblem !== undefined}
              helperText={customProblem}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        {!replica && (
          <FormControlLabel
            control={
              <Checkbox
                checked={includeStopped}
                onChange={(event) => change({ stopped: event.target.checked || undefined })}
              />
            }
            label="Include stopped replicas"
          />
        )}
      </Stack>
      {period ? (
        <LogViewer
          source={{
            kind: 'container',
            namespace: namespaceName,
            container: containerName,
            ...(replica ? { replica } : { includeStopped }),
          }}
          // A range up to now goes on following what comes; one between two times is a record that ended.
          live={range !== 'custom'}
          {...(range === 'live' ? {} : { period })}
          downloadName={[containerName, replica || namespaceName, range === 'live' ? '' : range]
            .filter(Boolean)
            .join('-')}
        />
      ) : (
        !customProblem && (
          <Stack role="status" sx={{ color: 'text.secondary' }}>
            Pick the start and the end of the range.
          </Stack>
        )
      )}
    </Stack>
  );
}
