import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { FormActions } from '@/components/form/form-actions.tsx';
import { Section } from '@/components/section.tsx';
import type { WorkloadFormOptions } from '@/components/workload/get-workload-form-options.ts';
import { SizePicker } from '@/components/workload/size-picker.tsx';
import { SizePrice } from '@/components/workload/size-price.tsx';
import { workloadControl } from '@/components/workload/workload-schema.ts';
import {
  CommandSection,
  ImageSection,
  MountsSection,
  VariablesSection,
} from '@/components/workload/workload-sections.tsx';
import { jobFormSchema, type JobFormValues } from './job-schema.ts';
import { ScheduleSection } from './schedule-section.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';

export interface JobFormProps {
  /** Create a new job, or configure an existing one (its name is then fixed). */
  mode: 'create' | 'configure';
  initialValues: JobFormValues;
  registries: WorkloadFormOptions['registries'];
  volumes: WorkloadFormOptions['volumes'];
  pending: boolean;
  /** Why saving is not possible right now (such as a change still being applied). */
  blockedReason?: string | null;
  onSubmit: (values: JobFormValues) => void;
  onCancel: () => void;
}

/** The one container job form: every section of a job, for creating it and for configuring it. */
export function JobForm({
  mode,
  initialValues,
  registries,
  volumes,
  pending,
  blockedReason,
  onSubmit,
  onCancel,
}: JobFormProps) {
  const volumeNames = useMemo(() => volumes.map((volume) => volume.name), [volumes]);
  const schema = useMemo(() => jobFormSchema({ volumeNames }), [volumeNames]);
  const { control, handleSubmit, formState } = useForm<JobFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: initialValues,
  });
  const workload = workloadControl(control);

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={handleSubmit(onSubmit, revealFirstInvalid)}
      aria-label={mode === 'create' ? 'New container job' : 'Configure container job'}
    >
      <ImageSection control={workload} kind="job" mode={mode} registries={registries} />

      <ScheduleSection control={control} />

      <Section
        title="Size"
        description="CPU and memory of each run, reserved while it lasts. A run is priced by the second it lasts."
      >
        <SizePicker control={workload} />
        <SizePrice control={workload} per="run-hour" />
      </Section>

      <CommandSection control={workload} />

      <VariablesSection control={workload} />

      <MountsSection
        control={workload}
        volumes={volumes}
        description="Storage that outlives each run: mount a volume of this namespace, or create one here."
      />

      <FormActions
        control={control}
        submitLabel={mode === 'create' ? 'Create job' : 'Save changes'}
        pendingLabel={mode === 'create' ? 'Creating…' : 'Saving…'}
        pending={pending}
        unchanged={mode === 'configure' && !formState.isDirty}
        blockedReason={blockedReason}
        onCancel={onCancel}
      />
    </Stack>
  );
}
