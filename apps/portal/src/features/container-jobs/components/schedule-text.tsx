import Typography from '@mui/material/Typography';
import { useDescription } from '@/components/cron-editor/index.ts';
import { customerLocale } from '@/lib/format.ts';

/** A job's schedule in words, in the customer's locale, above the expression itself. */
export function ScheduleText({
  schedule,
  variant = 'body2',
}: {
  schedule: string;
  /** The size of the words: body2 in a table, body1 where the schedule is the topic. */
  variant?: 'body1' | 'body2';
}) {
  const description = useDescription(schedule, 'crontab', customerLocale());
  return (
    <>
      {description && <Typography variant={variant}>{description} (UTC)</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {schedule}
      </Typography>
    </>
  );
}
