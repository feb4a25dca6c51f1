import { Section } from '@/components/section.tsx';
import { SizePicker } from '@/components/workload/size-picker.tsx';
import { SizePrice } from '@/components/workload/size-price.tsx';
import {
  useWorkloadForm,
  WorkloadFormLayout,
  type WorkloadFormProps,
} from '@/components/workload/workload-form.tsx';
import { workloadControl } from '@/components/workload/workload-schema.ts';
import { CommandSection, MountsSection, VariablesSection } from '@/components/workload/workload-sections.tsx';
import { jobFormSchema, type JobFormValues } from './job-schema.ts';
import { RunLimitsSection } from './run-limits-section.tsx';
import { ScheduleSection } from './schedule-section.tsx';

export type JobFormProps = WorkloadFormProps<JobFormValues>;

/** The one container job form: every section of a job, for creating it and for configuring it. */
export function JobForm(props: JobFormProps) {
  const form = useWorkloadForm(jobFormSchema, props);
  const { control } = form;
  const workload = workloadControl(control);

  return (
    <WorkloadFormLayout
      form={form}
      kind="job"
      props={props}
      refusal={{ fieldsOfInput: { schedule: 'schedule', timeoutSeconds: 'timeout', retries: 'retries' } }}
    >
      <ScheduleSection control={control} />

      <Section
        title="Size"
        description="CPU and memory of each run, reserved while it lasts. A run is priced by the second it lasts."
      >
        <SizePicker control={workload} />
        <SizePrice control={workload} per="run-hour" />
      </Section>

      <CommandSection control={workload} />

      <RunLimitsSection control={control} />

      <VariablesSection control={workload} />

      <MountsSection
        control={workload}
        volumes={props.volumes}
        description="Storage that outlives each run: mount a volume of this namespace, or create one here."
      />
    </WorkloadFormLayout>
  );
}
