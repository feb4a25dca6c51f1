import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useParams } from '@tanstack/react-router';
import { StateChip } from '../../../components/state-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useNamespace } from '../api/get-namespace.ts';

/** The namespace's own facts; the frame around it has already loaded it (same query, no second request). */
export function NamespaceOverview() {
  const { namespaceName } = useParams({ from: '/compute/serverless-containers/$namespaceName' });
  const { data: namespace } = useNamespace(namespaceName);
  if (!namespace) return null;
  const facts = [
    { term: 'Name', value: namespace.name },
    { term: 'Description', value: namespace.description || '—' },
    { term: 'State', value: <StateChip state={namespace.state} /> },
    { term: 'Created', value: formatDateTime(namespace.createdAt) },
    { term: 'Last modified', value: formatDateTime(namespace.modifiedAt) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 4, rowGap: { xs: 0.5, sm: 2 }, m: 0 }}
      >
        {facts.map(({ term, value }) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
