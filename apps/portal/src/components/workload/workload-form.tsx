import { useMemo, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { FormActions } from '../form/form-actions.tsx';
import { revealFirstInvalid } from '../form/reveal-first-invalid.ts';
import { useServerRefusal, type RefusalPlacement } from '../form/server-refusal.ts';
import type { WorkloadFormOptions } from './get-workload-form-options.ts';
import {
  workloadControl,
  type issuesSchema,
  type WorkloadFormContext,
  type WorkloadFormValues,
} from './workload-schema.ts';
import { ImageSection } from './workload-sections.tsx';

// The head and foot a container's form and a job's form share: what they are given, how their values are
// checked, the form element with the image first, and the actions last. Each form puts its own sections between.

/** What a container's or a job's form is given. */
export interface WorkloadFormProps<TValues extends FieldValues> {
  /** Create a new workload, or configure an existing one (its name is then fixed). */
  mode: 'create' | 'configure';
  initialValues: TValues;
  registries: WorkloadFormOptions['registries'];
  volumes: WorkloadFormOptions['volumes'];
  pending: boolean;
  /** Why saving is not possible right now (such as a change still being applied). */
  blockedReason?: string | null;
  /** Sends the values; fails with the platform's refusal, which the form shows on the fields it names. */
  onSubmit: (values: TValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The form's state, its values checked by `schemaFor` against the volumes the namespace already has. */
export function useWorkloadForm<TValues extends WorkloadFormValues>(
  schemaFor: (context: WorkloadFormContext) => ReturnType<typeof issuesSchema<TValues>>,
  { volumes, initialValues }: Pick<WorkloadFormProps<TValues>, 'volumes' | 'initialValues'>,
): UseFormReturn<TValues> {
  const volumeNames = useMemo(() => volumes.map((volume) => volume.name), [volumes]);
  const schema = useMemo(() => schemaFor({ volumeNames }), [schemaFor, volumeNames]);
  return useForm<TValues>({
    shouldFocusError: false,
    resolver: zodResolver(schema) as unknown as Resolver<TValues>,
    mode: 'onChange',
    defaultValues: initialValues as DefaultValues<TValues>,
  });
}

/** The input fields of a workload's create and modify that the form shows, for the platform's refusals. */
const workloadFieldsOfInput = {
  name: 'name',
  image: 'image',
  registry: 'registry',
  entrypoint: 'entrypoint',
  command: 'command',
} as const;

const kinds = {
  container: { noun: 'container', create: 'Create container' },
  job: { noun: 'container job', create: 'Create job' },
} as const;

/**
 * The form element: the image section, the workload's own sections (`children`), then the actions. A refusal
 * goes on the fields `refusal` adds to the ones all workloads have, or above the buttons.
 */
export function WorkloadFormLayout<TValues extends WorkloadFormValues>({
  form,
  kind,
  props: { mode, registries, pending, blockedReason, onSubmit, onCancel },
  refusal: { fieldsOfInput, placeFirst } = {},
  children,
}: {
  form: UseFormReturn<TValues>;
  kind: keyof typeof kinds;
  props: WorkloadFormProps<TValues>;
  refusal?: Partial<Pick<RefusalPlacement<TValues>, 'fieldsOfInput' | 'placeFirst'>>;
  children: ReactNode;
}) {
  const { noun, create } = kinds[kind];
  const refused = useServerRefusal<TValues>({
    // Every workload form has these fields (WorkloadFormValues); FieldPath cannot see that through TValues.
    fieldsOfInput: {
      ...(workloadFieldsOfInput as Readonly<Record<string, string>> as Readonly<
        Record<string, FieldPath<TValues>>
      >),
      ...fieldsOfInput,
    },
    setError: form.setError,
    ...(placeFirst && { placeFirst }),
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={form.handleSubmit(refused.sending(onSubmit), revealFirstInvalid)}
      aria-label={mode === 'create' ? `New ${noun}` : `Configure ${noun}`}
    >
      <ImageSection control={workloadControl(form.control)} kind={kind} mode={mode} registries={registries} />

      {children}

      <FormActions
        control={form.control}
        submitLabel={mode === 'create' ? create : 'Save changes'}
        pendingLabel={mode === 'create' ? 'Creating…' : 'Saving…'}
        pending={pending}
        refusal={refused.refusal}
        unchanged={mode === 'configure' && !form.formState.isDirty}
        blockedReason={blockedReason}
        onCancel={onCancel}
      />
    </Stack>
  );
}
