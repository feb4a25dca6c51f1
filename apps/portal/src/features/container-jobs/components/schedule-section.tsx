import { Controller, type Control } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import { parseCron } from '@berth/cron';
import { CronEditor } from '@/components/cron-editor/index.ts';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { Section } from '@/components/section.tsx';
import { customerLocale } from '@/lib/format.ts';
import type { JobFormValues } from './job-schema.ts';

/** When the job runs: the cron editor (schedules are read in UTC) and whether the schedule is on at all. */
export function ScheduleSection({ control }: { control: Control<JobFormValues> }) {
  return (
    <Section
      title="Schedule"
      description="When the job runs, in UTC. Pick the times, or type a crontab expression (minute hour day month weekday)."
    >
      <Controller
        control={control}
        name="schedule"
        render={({ field, fieldState }) => (
          <>
            <CronEditor
              value={field.value}
              onChange={(change) => field.onChange(change.expression)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              locale={customerLocale()}
              timezone="UTC"
            />
            {/* The editor shows why text does not parse; a rule beyond that is shown here. */}
            {fieldState.error && !('error' in parseCron(field.value, 'crontab')) && (
              <Typography color="error" variant="body2" role="alert">
                {fieldState.error.message}
              </Typography>
            )}
          </>
        )}
      />
      <FormSwitch control={control} name="enabled" label="Run on this schedule" />
    </Section>
  );
}
