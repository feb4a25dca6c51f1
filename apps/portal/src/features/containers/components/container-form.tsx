import { useEffect, useMemo } from 'react';
import { Controller, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField, identifierInputProps } from '../../../components/form/form-text-field.tsx';
import { containerFormSchema, limits, parsePorts, type ContainerFormValues } from './container-schema.ts';
import { AddressesSection, MountsSection, VariablesSection } from './container-form-lists.tsx';
import { PortSelect } from './port-select.tsx';
import { FieldRow } from '../../../components/form/field-row.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { SizePicker } from './size-picker.tsx';

export interface ContainerFormProps {
  /** Create a new container, or configure an existing one (its name is then fixed). */
  mode: 'create' | 'configure';
  namespace: string;
  initialValues: ContainerFormValues;
  registries: readonly { name: string; source: string }[];
  volumes: readonly { name: string; size: number }[];
  pending: boolean;
  /** Why saving is not possible right now (such as a change still being applied). */
  blockedReason?: string | null;
  onSubmit: (values: ContainerFormValues) => void;
  onCancel: () => void;
}

/** The one container form: every section of a container, for creating it and for configuring it. */
export function ContainerForm({
  mode,
  namespace,
  initialValues,
  registries,
  volumes,
  pending,
  blockedReason,
  onSubmit,
  onCancel,
}: ContainerFormProps) {
  const volumeNames = useMemo(() => volumes.map((volume) => volume.name), [volumes]);
  const schema = useMemo(() => containerFormSchema({ volumeNames }), [volumeNames]);
  const { control, handleSubmit, formState, getValues, setValue } = useForm<ContainerFormValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: initialValues,
  });
  const portsText = useWatch({ control, name: 'ports' });
  const ports = parsePorts(portsText) ?? [];
  const scalingMode = useWatch({ control, name: 'scaling.mode' });
  const healthCheckEnabled = useWatch({ control, name: 'healthCheck.enabled' });
  const cpuTrigger = useWatch({ control, name: 'scaling.cpuTrigger' });
  const memoryTrigger = useWatch({ control, name: 'scaling.memoryTrigger' });
  // A health check turned on starts on the container's first port, as a new web address does.
  const firstPort = ports[0];
  useEffect(() => {
    if (healthCheckEnabled && firstPort !== undefined && !getValues('healthCheck.port')) {
      setValue('healthCheck.port', String(firstPort), { shouldDirty: true, shouldValidate: true });
    }
  }, [healthCheckEnabled, firstPort, getValues, setValue]);
  const unchanged = mode === 'configure' && !formState.isDirty;

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={handleSubmit(onSubmit)}
      aria-label={mode === 'create' ? 'New container' : 'Configure container'}
    >
      <FormSection
        title="Image"
        description="What the container runs: a public image, or one from a private registry of this namespace."
      >
        <FormTextField
          control={control}
          name="name"
          label="Name"
          required
          disabled={mode === 'configure'}
          autoFocus={mode === 'create'}
          autoComplete="off"
          // A disabled field's helper text would be too faint to read; a fixed name needs none.
          helperText={
            mode === 'create'
              ? 'Lowercase letters, digits and hyphens; starts with a letter, at most 63 characters.'
              : undefined
          }
          slotProps={identifierInputProps}
        />
        <FormTextField
          control={control}
          name="image"
          label="Image"
          required
          autoComplete="off"
          placeholder="nginx:1.27"
          helperText="As [registry/]name[:tag], such as nginx:1.27 or ghcr.io/acme/shop:2.1."
          slotProps={identifierInputProps}
        />
        <FormTextField
          control={control}
          name="registry"
          label="Registry"
          select
          helperText={
            registries.length
              ? 'The credentials to pull the image with.'
              : 'This namespace has no private registries: the image must be public.'
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">None: a public image</MenuItem>
          {registries.map((registry) => (
            <MenuItem key={registry.name} value={registry.name}>
              {registry.name} ({registry.source})
            </MenuItem>
          ))}
        </FormTextField>
      </FormSection>

      <FormSection
        title="Size"
        description="CPU and memory of each replica. The price is per replica and month."
      >
        <SizePicker control={control} />
      </FormSection>

      <FormSection
        title="Command"
        description="Leave both empty to run the image as it is built. Separate arguments with spaces; quote an argument that contains spaces."
      >
        <FormTextField
          control={control}
          name="entrypoint"
          label="Entrypoint"
          autoComplete="off"
          placeholder="/bin/sh -c"
          slotProps={identifierInputProps}
        />
        <FormTextField
          control={control}
          name="command"
          label="Command"
          autoComplete="off"
          placeholder='"echo hello && sleep 60"'
          slotProps={identifierInputProps}
        />
      </FormSection>

      <VariablesSection control={control} />

      <FormSection
        title="Ports"
        description="The ports the container listens on. Web addresses and the health check use them."
      >
        <FormTextField
          control={control}
          name="ports"
          label="Ports"
          autoComplete="off"
          placeholder="8080"
          helperText="Numbers from 1 to 65535, separated by commas."
          slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
        />
      </FormSection>

      <AddressesSection control={control} ports={ports} namespace={namespace} />

      <FormSection
        title="Health check"
        description="The platform requests this path on each replica and restarts replicas that do not answer."
      >
        <FormSwitch control={control} name="healthCheck.enabled" label="Check the container's health" />
        {healthCheckEnabled && (
          <FieldRow columns="160px minmax(0, 1fr)">
            <PortSelect control={control} name="healthCheck.port" ports={ports} />
            <FormTextField
              control={control}
              name="healthCheck.path"
              label="Path"
              required
              autoComplete="off"
              slotProps={identifierInputProps}
            />
          </FieldRow>
        )}
      </FormSection>

      <FormSection title="Scaling">
        <Controller
          control={control}
          name="scaling.mode"
          render={({ field }) => (
            <RadioGroup {...field} row aria-label="Scaling">
              <FormControlLabel value="manual" control={<Radio />} label="A fixed number of replicas" />
              <FormControlLabel value="auto" control={<Radio />} label="Automatic, by load" />
            </RadioGroup>
          )}
        />
        {scalingMode === 'manual' ? (
          <FormTextField
            control={control}
            name="scaling.replicas"
            label="Replicas"
            type="number"
            helperText={`0 to ${limits.maxReplicas}; 0 stops the container without deleting it.`}
            slotProps={{ htmlInput: { min: 0, max: limits.maxReplicas } }}
            sx={{ maxWidth: { sm: 240 } }}
          />
        ) : (
          <>
            <FieldRow columns="repeat(2, minmax(0, 240px))">
              <FormTextField
                control={control}
                name="scaling.minimum"
                label="Minimum replicas"
                type="number"
                slotProps={{ htmlInput: { min: 1, max: limits.maxReplicas } }}
              />
              <FormTextField
                control={control}
                name="scaling.maximum"
                label="Maximum replicas"
                type="number"
                slotProps={{ htmlInput: { min: 1, max: limits.maxReplicas } }}
              />
            </FieldRow>
            <TriggerRow control={control} kind="cpu" enabled={cpuTrigger} />
            <TriggerRow control={control} kind="memory" enabled={memoryTrigger} />
            <TriggerError control={control} />
          </>
        )}
      </FormSection>

      <MountsSection control={control} volumes={volumes} />

      {blockedReason && <Alert severity="info">{blockedReason}</Alert>}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending || unchanged || Boolean(blockedReason)}>
          {mode === 'create'
            ? pending
              ? 'Creating…'
              : 'Create container'
            : pending
              ? 'Saving…'
              : 'Save changes'}
        </Button>
      </Stack>
    </Stack>
  );
}

function TriggerRow({
  control,
  kind,
  enabled,
}: {
  control: Control<ContainerFormValues>;
  kind: 'cpu' | 'memory';
  enabled: boolean;
}) {
  const label = kind === 'cpu' ? 'CPU' : 'Memory';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormSwitch
        control={control}
        name={kind === 'cpu' ? 'scaling.cpuTrigger' : 'scaling.memoryTrigger'}
        label={`Scale on ${label.toLowerCase()} use`}
      />
      {enabled && (
        <FormTextField
          control={control}
          name={kind === 'cpu' ? 'scaling.cpuThreshold' : 'scaling.memoryThreshold'}
          label={`${label} threshold (%)`}
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 100 } }}
          sx={{ maxWidth: { sm: 220 } }}
        />
      )}
    </Stack>
  );
}

/** Autoscaling needs a trigger: the message belongs to both switches, so it stands below them. */
function TriggerError({ control }: { control: Control<ContainerFormValues> }) {
  const { errors } = useFormState({ control, name: 'scaling.cpuTrigger' });
  const message = errors.scaling?.cpuTrigger?.message;
  return message ? (
    <Typography color="error" variant="body2" role="alert">
      {message}
    </Typography>
  ) : null;
}
