import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { mdiArrowRight } from '@mdi/js';
import { ButtonLink } from '../../components/router-links.tsx';
import { useAccount } from '../../lib/auth/queries.ts';

export function WelcomePage() {
  const account = useAccount();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '3rem' } }}
        >
          Welcome to the product
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {account.data ? `Hello ${account.data.name}. ` : ''}Run serverless containers and scheduled jobs,
          keep images in private registries and data on volumes, all organised in namespaces.
        </Typography>
        <div>
          <ButtonLink
            to={'/compute/serverless-containers'}
            variant="contained"
            endIcon={<MdiIcon path={mdiArrowRight} />}
          >
            Go to your namespaces
          </ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
}
