import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MdiIcon } from './mdi-icon.tsx';

/** Full-width message for the not-found and not-allowed pages, with a way back. */
export function MessagePage({
  icon,
  title,
  children,
  action,
}: {
  icon: string;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <MdiIcon path={icon} sx={{ fontSize: 72 }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}
