import Typography, { type TypographyProps } from '@mui/material/Typography';
import { mdiAccountOutline, mdiCalendarClock } from '@mdi/js';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import type { JobRunTrigger } from '@/gql/graphql.ts';

// What started a run, in words and as an icon (decorative: the words say it).
const triggers: Record<JobRunTrigger, { text: string; icon: string }> = {
  SCHEDULE: { text: 'Scheduled', icon: mdiCalendarClock },
  MANUAL: { text: 'Manual', icon: mdiAccountOutline },
};

export function RunTrigger({
  trigger,
  ...typography
}: { trigger: JobRunTrigger } & Pick<TypographyProps, 'color' | 'variant'>) {
  const { text, icon } = triggers[trigger];
  return (
    <Typography
      component="span"
      {...typography}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      <MdiIcon path={icon} sx={{ fontSize: '1.15em' }} />
      {text}
    </Typography>
  );
}
