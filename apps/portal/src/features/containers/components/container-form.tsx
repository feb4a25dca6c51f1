import { useEffect } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTOSCALING_REPLICAS, MANUAL_REPLICAS } from '@berth/rules';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FormSwitch } from '@/components/form/form-switch.tsx';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { IdentifierField } from '@/components/form/identifier-field.tsx';
import { ExternalAccessSection } from '@/components/external-access/external-access-section.tsx';
import {
  externalAccessControl,
  showConnectionRefusal,
} from '@/components/external-access/external-access-values.ts';
import { Section } from '@/components/section.tsx';
import { SizePicker } from '@/components/workload/size-picker.tsx';
import { SizePrice } from '@/components/workload/size-price.tsx';
import { workloadControl } from '@/components/workload/workload-schema.ts';
import {
  useWorkloadForm,
  WorkloadFormLayout,
  type WorkloadFormProps,
} from '@/components/workload/workload-form.tsx';
import { CommandSection, MountsSection, VariablesSection } from '@/components/workload/workload-sections.tsx';
import { AddressesSection } from './addresses-section.tsx';
import {
  containerFormSchema,
  externalAccessTarget,
  parsePorts,
  type ContainerFormValues,
} from './container-schema.ts';
import { PortSelect } from './port-select.tsx';

// The fewest and the most replicas autoscaling keeps, each within the platform's limits.
const autoscalingBounds = [
  { name: 'scaling.minimum', label: 'Minimum replicas' },
  { name: 'scaling.maximum', label: 'Maximum replicas' },
] as const;

export interface ContainerFormProps extends WorkloadFormProps<ContainerFormValues> {
  namespace: string;
}

/** The one container form: every section of a container, for creating it and for configuring it. */
/** A container's own input fields that the form shows, for the platform's refusals. */
const containerFieldsOfInput = { ports: 'ports', healthCheck: 'healthCheck.path' } as const;

export function ContainerForm(props: ContainerFormProps) {
  const { namespace, volumes } = props;
  const form = useWorkloadForm(containerFormSchema, props);
  const { control, getValues, setValue } = form;
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
  const workload = workloadControl(control);

  return (
    <WorkloadFormLayout
      form={form}
      kind="container"
      props={props}
      refusal={{
        fieldsOfInput: containerFieldsOfInput,
        placeFirst: (error) => showConnectionRefusal(error, getValues(), form.setError),
      }}
    >
      <Section title="Size" description="CPU and memory of each replica. The price is per replica and month.">
        <SizePicker control={workload} />
        <SizePrice control={workload} per="replica" />
      </Section>

      <CommandSection control={workload} />

      <VariablesSection control={workload} />

      <Section
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
      </Section>

      <AddressesSection control={control} ports={ports} namespace={namespace} />

      <ExternalAccessSection
        control={externalAccessControl(control)}
        target={externalAccessTarget(ports)}
        connected={props.initialValues.externalAccess.enabled}
      />

      <Section
        title="Health check"
        description="The platform requests this path on each replica and restarts replicas that do not answer."
      >
        <FormSwitch control={control} name="healthCheck.enabled" label="Check the container's health" />
        {healthCheckEnabled && (
          <FieldRow columns="160px minmax(0, 1fr)">
            <PortSelect control={control} name="healthCheck.port" ports={ports} />
            <IdentifierField control={control} name="healthCheck.path" label="Path" required />
          </FieldRow>
        )}
      </Section>

      <Section title="Scaling">
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
            helperText={`${MANUAL_REPLICAS.min} to ${MANUAL_REPLICAS.max}; 0 stops the container without deleting it.`}
            slotProps={{ htmlInput: { min: MANUAL_REPLICAS.min, max: MANUAL_REPLICAS.max } }}
            sx={{ maxWidth: { sm: 240 } }}
          />
        ) : (
          <>
            <FieldRow columns="repeat(2, minmax(0, 240px))">
              {autoscalingBounds.map(({ name, label }) => (
                <FormTextField
                  key={name}
                  control={control}
                  name={name}
                  label={label}
                  type="number"
                  slotProps={{ htmlInput: { min: AUTOSCALING_REPLICAS.min, max: AUTOSCALING_REPLICAS.max } }}
                />
              ))}
            </FieldRow>
            <TriggerRow control={control} kind="cpu" enabled={cpuTrigger} />
            <TriggerRow control={control} kind="memory" enabled={memoryTrigger} />
            <TriggerError control={control} />
          </>
        )}
      </Section>

      <MountsSection
        control={workload}
        volumes={volumes}
        description="Storage that outlives the container's replicas: mount a volume of this namespace, or create one here."
      />
    </WorkloadFormLayout>
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
