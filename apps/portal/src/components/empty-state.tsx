import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MdiIcon } from './mdi-icon.tsx';

interface EmptyStateProps {
  icon: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <MdiIcon path={icon} sx={{ fontSize: 60 }} />
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {description}
        </Typography>
        {action}
      </Stack>
    </Paper>
  );
}
