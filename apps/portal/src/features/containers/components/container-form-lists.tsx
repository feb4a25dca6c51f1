import type { ReactNode } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { mdiDeleteOutline, mdiPlus } from '@mdi/js';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField, identifierInputProps } from '../../../components/form/form-text-field.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { FieldRow } from '../../../components/form/field-row.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { PortSelect } from './port-select.tsx';
import {
  emptyIngress,
  emptyMount,
  emptyVariable,
  limits,
  type ContainerFormValues,
} from './container-schema.ts';

type FormControl = Control<ContainerFormValues>;

/** One item of a list section: its fields, and a button that removes it, named after what it removes. */
function ListItem({
  children,
  label,
  onRemove,
}: {
  children: ReactNode;
  /** Names the item's group of fields, and its remove button ("Remove {label}"). */
  label: string;
  onRemove: () => void;
}) {
  const removeLabel = `Remove ${label}`;
  return (
    <Stack
      role="group"
      aria-label={label}
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        borderTop: 1,
        borderColor: 'divider',
        pt: 2,
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Tooltip title={removeLabel}>
        <IconButton aria-label={removeLabel} onClick={onRemove} sx={{ mt: 1 }}>
          <MdiIcon path={mdiDeleteOutline} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function AddButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <Button variant="outlined" startIcon={<MdiIcon path={mdiPlus} />} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}

export function VariablesSection({ control }: { control: FormControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' });
  const variables = useWatch({ control, name: 'variables' });
  return (
    <FormSection
      title="Environment variables"
      description="Secret values are stored encrypted and never shown again, not even to you."
    >
      {fields.length > 0 && (
        <Stack spacing={2}>
          {fields.map((field, index) => {
            const variable = variables[index] ?? field;
            const name = variable.name || `variable ${index + 1}`;
            return (
              <ListItem key={field.id} label={name} onRemove={() => remove(index)}>
                <FieldRow from="md" columns="minmax(0, 1fr) minmax(0, 1fr) auto">
                  <FormTextField
                    control={control}
                    name={`variables.${index}.name`}
                    label="Variable name"
                    required
                    autoComplete="off"
                    slotProps={identifierInputProps}
                  />
                  <FormTextField
                    control={control}
                    name={`variables.${index}.value`}
                    label="Value"
                    type={variable.secret ? 'password' : 'text'}
                    autoComplete={variable.secret ? 'new-password' : 'off'}
                    placeholder={variable.secret && variable.stored ? 'Stored, hidden' : undefined}
                    helperText={
                      variable.secret && variable.stored ? 'Leave empty to keep the stored value.' : undefined
                    }
                    slotProps={{
                      ...identifierInputProps,
                      inputLabel: variable.secret && variable.stored ? { shrink: true } : undefined,
                    }}
                  />
                  <Box sx={{ pt: { md: 1 } }}>
                    <FormSwitch control={control} name={`variables.${index}.secret`} label="Secret" />
                  </Box>
                </FieldRow>
              </ListItem>
            );
          })}
        </Stack>
      )}
      <AddButton onClick={() => append({ ...emptyVariable })}>Add variable</AddButton>
    </FormSection>
  );
}

export function AddressesSection({
  control,
  ports,
  namespace,
}: {
  control: FormControl;
  ports: readonly number[];
  namespace: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'ingresses' });
  const name = useWatch({ control, name: 'name' });
  const ingresses = useWatch({ control, name: 'ingresses' });
  return (
    <FormSection
      title="Web addresses"
      description={`Addresses at which the container answers on the web. Leave the domain empty for the default address ${name || '{container}'}-${namespace}.…`}
    >
      {fields.length > 0 && (
        <Stack spacing={2}>
          {fields.map((field, index) => {
            const label = ingresses[index]?.domainName || `address ${index + 1}`;
            return (
              <ListItem key={field.id} label={label} onRemove={() => remove(index)}>
                <Stack spacing={2}>
                  <FieldRow columns="minmax(0, 1fr) 160px">
                    <FormTextField
                      control={control}
                      name={`ingresses.${index}.domainName`}
                      label="Domain"
                      autoComplete="off"
                      placeholder="shop.example.com"
                      slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
                    />
                    <PortSelect control={control} name={`ingresses.${index}.port`} ports={ports} />
                  </FieldRow>
                  <FormSwitch
                    control={control}
                    name={`ingresses.${index}.enableTLS`}
                    label="HTTPS (TLS certificate)"
                  />
                  <FormTextField
                    control={control}
                    name={`ingresses.${index}.allowlist`}
                    label="Allowed IP addresses"
                    autoComplete="off"
                    placeholder="203.0.113.0/24, 2001:db8::/32"
                    helperText="Addresses or CIDR ranges, separated by commas. Empty lets everyone in."
                    multiline
                    slotProps={{ ...identifierInputProps, inputLabel: { shrink: true } }}
                  />
                </Stack>
              </ListItem>
            );
          })}
        </Stack>
      )}
      {ports.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          Add a port first: a web address forwards to one of the container&apos;s ports.
        </Typography>
      )}
      <AddButton onClick={() => append(emptyIngress(String(ports[0] ?? '')))} disabled={ports.length === 0}>
        Add web address
      </AddButton>
    </FormSection>
  );
}

export function MountsSection({
  control,
  volumes,
}: {
  control: FormControl;
  volumes: readonly { name: string; size: number }[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'mounts' });
  const mounts = useWatch({ control, name: 'mounts' });
  return (
    <FormSection
      title="Volume mounts"
      description="Storage that outlives the container's replicas: mount a volume of this namespace, or create one here."
    >
      {fields.length > 0 && (
        <Stack spacing={2}>
          {fields.map((field, index) => {
            const mount = mounts[index] ?? field;
            return (
              <ListItem
                key={field.id}
                label={`mount ${mount.path || index + 1}`}
                onRemove={() => remove(index)}
              >
                <FieldRow
                  from="md"
                  columns={mount.volume === 'new' ? '2fr 1.5fr 1.5fr 0.8fr' : '2fr 1.5fr 2fr'}
                >
                  <FormTextField
                    control={control}
                    name={`mounts.${index}.path`}
                    label="Mount path"
                    required
                    autoComplete="off"
                    placeholder="/data"
                    slotProps={identifierInputProps}
                  />
                  <FormTextField
                    control={control}
                    name={`mounts.${index}.volume`}
                    label="Volume source"
                    select
                  >
                    <MenuItem value="existing">An existing volume</MenuItem>
                    <MenuItem value="new">A new volume</MenuItem>
                  </FormTextField>
                  {mount.volume === 'existing' ? (
                    <FormTextField
                      control={control}
                      name={`mounts.${index}.volumeName`}
                      label="Existing volume"
                      select
                      required
                      helperText={
                        volumes.length ? undefined : 'This namespace has no volumes yet: create a new one.'
                      }
                    >
                      {volumes.map((volume) => (
                        <MenuItem key={volume.name} value={volume.name}>
                          {volume.name} ({volume.size} GB)
                        </MenuItem>
                      ))}
                    </FormTextField>
                  ) : (
                    <>
                      <FormTextField
                        control={control}
                        name={`mounts.${index}.volumeName`}
                        label="New volume name"
                        required
                        autoComplete="off"
                        slotProps={identifierInputProps}
                      />
                      <FormTextField
                        control={control}
                        name={`mounts.${index}.size`}
                        label="Size (GB)"
                        required
                        type="number"
                        slotProps={{ htmlInput: { min: limits.minVolumeGb, max: limits.maxVolumeGb } }}
                      />
                    </>
                  )}
                </FieldRow>
              </ListItem>
            );
          })}
        </Stack>
      )}
      <AddButton
        onClick={() =>
          append({
            ...emptyMount,
            volume: volumes.length ? 'existing' : 'new',
            size: volumes.length ? '' : '1',
          })
        }
      >
        Add mount
      </AddButton>
    </FormSection>
  );
}
