import MenuItem from '@mui/material/MenuItem';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import type { ContainerFormValues } from './container-schema.ts';

type PortFieldName = 'healthCheck.port' | `ingresses.${number}.port`;

/** A choice among the container's ports, for the fields that must name one of them. */
export function PortSelect({
  control,
  name,
  ports,
}: {
  control: Control<ContainerFormValues>;
  name: PortFieldName;
  ports: readonly number[];
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Port"
      select
      required
      helperText={ports.length ? undefined : 'Add a port above first.'}
    >
      {ports.map((port) => (
        <MenuItem key={port} value={String(port)}>
          {port}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
