import { useFieldArray, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { FieldRow } from '../form/field-row.tsx';
import { FormSwitch } from '../form/form-switch.tsx';
import { FormTextField, identifierInputProps, resourceNameHint } from '../form/form-text-field.tsx';
import { IdentifierField } from '../form/identifier-field.tsx';
import { FieldList } from '../form/field-list.tsx';
import { AddButton } from '../form/list-editor.tsx';
import { Section } from '../section.tsx';
import { emptyMount, emptyVariable, volumeSizeLimits, type WorkloadControl } from './workload-schema.ts';

// The sections a container's form and a job's form have alike. `kind` names what the form is about in
// the sections' texts.

export function ImageSection({
  control,
  kind,
  mode,
  registries,
}: {
  control: WorkloadControl;
  kind: string;
  mode: 'create' | 'configure';
  registries: readonly { name: string; source: string }[];
}) {
  return (
    <Section
      title="Image"
      description={`What the ${kind} runs: a public image, or one from a private registry of this namespace.`}
    >
      <IdentifierField
        control={control}
        name="name"
        label="Name"
        required
        disabled={mode === 'configure'}
        autoFocus={mode === 'create'}
        // A disabled field's helper text would be too faint to read; a fixed name needs none.
        helperText={mode === 'create' ? resourceNameHint : undefined}
      />
      <IdentifierField
        control={control}
        name="image"
        label="Image"
        required
        placeholder="nginx:1.27"
        helperText="As [registry/]name[:tag], such as nginx:1.27 or ghcr.io/acme/shop:2.1."
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
    </Section>
  );
}

export function CommandSection({ control }: { control: WorkloadControl }) {
  return (
    <Section
      title="Command"
      description="Leave both empty to run the image as it is built. Separate arguments with spaces; quote an argument that contains spaces."
    >
      <IdentifierField control={control} name="entrypoint" label="Entrypoint" placeholder="/bin/sh -c" />
      <IdentifierField
        control={control}
        name="command"
        label="Command"
        placeholder='"echo hello && sleep 60"'
      />
    </Section>
  );
}

export function VariablesSection({ control }: { control: WorkloadControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' });
  const variables = useWatch({ control, name: 'variables' });
  return (
    <Section
      title="Environment variables"
      description="Secret values are stored encrypted and never shown again, not even to you."
    >
      <FieldList
        fields={fields}
        values={variables}
        label={(variable, index) => variable.name || `variable ${index + 1}`}
        onRemove={remove}
      >
        {(variable, index) => (
          <FieldRow from="md" columns="minmax(0, 1fr) minmax(0, 1fr) auto">
            <IdentifierField
              control={control}
              name={`variables.${index}.name`}
              label="Variable name"
              required
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
        )}
      </FieldList>
      <AddButton onClick={() => append({ ...emptyVariable })}>Add variable</AddButton>
    </Section>
  );
}

export function MountsSection({
  control,
  volumes,
  description,
}: {
  control: WorkloadControl;
  volumes: readonly { name: string; size: number }[];
  description: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'mounts' });
  const mounts = useWatch({ control, name: 'mounts' });
  return (
    <Section title="Volume mounts" description={description}>
      <FieldList
        fields={fields}
        values={mounts}
        label={(mount, index) => `mount ${mount.path || index + 1}`}
        onRemove={remove}
      >
        {(mount, index) => (
          <FieldRow from="md" columns={mount.volume === 'new' ? '2fr 1.5fr 1.5fr 0.8fr' : '2fr 1.5fr 2fr'}>
            <IdentifierField
              control={control}
              name={`mounts.${index}.path`}
              label="Mount path"
              required
              placeholder="/data"
            />
            <FormTextField control={control} name={`mounts.${index}.volume`} label="Volume source" select>
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
                <IdentifierField
                  control={control}
                  name={`mounts.${index}.volumeName`}
                  label="New volume name"
                  required
                />
                <FormTextField
                  control={control}
                  name={`mounts.${index}.size`}
                  label="Size (GB)"
                  required
                  type="number"
                  slotProps={{
                    htmlInput: { min: volumeSizeLimits.minGb, max: volumeSizeLimits.maxGb },
                  }}
                />
              </>
            )}
          </FieldRow>
        )}
      </FieldList>
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
    </Section>
  );
}
