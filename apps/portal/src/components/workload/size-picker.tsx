import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { FieldRow } from '../form/field-row.tsx';
import { cpuChoices, formatCpu, formatRam, parseResources, ramChoices, resourcesOf } from './resources.ts';
import type { WorkloadControl } from './workload-schema.ts';

/** CPU and memory, chosen separately, of a container's replicas or a job's runs. */
export function SizePicker({ control }: { control: WorkloadControl }) {
  const { field } = useController({ control, name: 'resources' });
  const { milliCpu, megabytes } = parseResources(field.value);

  return (
    <FieldRow columns="repeat(2, minmax(0, 220px))">
      <TextField
        select
        label="CPU"
        value={milliCpu}
        onChange={(event) => field.onChange(resourcesOf(Number(event.target.value), megabytes))}
      >
        {cpuChoices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {formatCpu(choice)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Memory"
        value={megabytes}
        onChange={(event) => field.onChange(resourcesOf(milliCpu, Number(event.target.value)))}
      >
        {ramChoices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {formatRam(choice)}
          </MenuItem>
        ))}
      </TextField>
    </FieldRow>
  );
}
