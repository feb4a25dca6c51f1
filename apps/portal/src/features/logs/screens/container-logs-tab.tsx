import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { replicaNamesQueryOptions } from '../api/replica-names.ts';
import { LogViewer } from '../components/log-viewer.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/logs');

const ALL_REPLICAS = '';

/** The container page's `logs` tab: the live log of all its replicas, or of the one picked. */
export function ContainerLogsTab() {
  const { namespaceName, containerName } = route.useParams();
  const replica = route.useSearch().replica ?? ALL_REPLICAS;
  const navigate = route.useNavigate();
  const setReplica = (picked: string) =>
    void navigate({ search: picked ? { replica: picked } : {}, replace: true });
  const replicas = useQuery(replicaNamesQueryOptions(namespaceName, containerName));
  // The one picked stays listed after it stopped (its log went with it, as the viewer then says).
  const names = [...new Set([...(replicas.data ?? []), ...(replica ? [replica] : [])])];
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Replica"
        size="small"
        value={replica}
        onChange={(event) => setReplica(event.target.value)}
        // "All replicas" is the empty value: shown as chosen, not as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: { sm: 360 } }}
      >
        <MenuItem value={ALL_REPLICAS}>All replicas</MenuItem>
        {names.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <LogViewer
        source={{
          kind: 'container',
          namespace: namespaceName,
          container: containerName,
          ...(replica ? { replica } : {}),
        }}
        live
        downloadName={[containerName, replica || namespaceName].join('-')}
      />
    </Stack>
  );
}
