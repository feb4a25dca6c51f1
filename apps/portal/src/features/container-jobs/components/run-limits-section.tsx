import type { Control } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { Section } from '@/components/section.tsx';
import { maxRetries, type JobFormValues } from './job-schema.ts';

const retryChoices = Array.from({ length: maxRetries + 1 }, (_, count) => count);

/** How long a run may take, and how many times a failed run's command is started again. */
export function RunLimitsSection({ control }: { control: Control<JobFormValues> }) {
  return (
    <Section
      title="Runs"
      description="A run that takes longer than its timeout is stopped and fails. A run whose command fails can start it again, within the same run."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <FormTextField
          control={control}
          name="timeout"
          label="Timeout"
          helperText="Empty: no limit. At most a day (86400 seconds)."
          slotProps={{
            htmlInput: { inputMode: 'numeric', spellCheck: false },
            input: { endAdornment: <InputAdornment position="end">seconds</InputAdornment> },
          }}
        />
        <FormTextField
          control={control}
          name="retries"
          label="Retries"
          select
          helperText="Starts after a failure."
        >
          {retryChoices.map((count) => (
            <MenuItem key={count} value={count}>
              {count === 0 ? 'None' : count === 1 ? 'Once' : `${count} times`}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </Section>
  );
}
