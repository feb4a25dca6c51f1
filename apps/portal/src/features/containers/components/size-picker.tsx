import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FieldRow } from '../../../components/form/field-row.tsx';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { useResourceSpecifications } from '../api/get-resource-specifications.ts';
import type { ContainerFormValues } from './container-schema.ts';
import {
  cpuChoices,
  formatCpu,
  formatMonthlyPrice,
  formatRam,
  parseResources,
  ramChoices,
  resourcesOf,
  specificationFor,
} from './resources.ts';

/** CPU and memory of each replica, chosen separately, with the monthly price of the combination. */
export function SizePicker({ control }: { control: Control<ContainerFormValues> }) {
  const { field } = useController({ control, name: 'resources' });
  const specifications = useResourceSpecifications();
  const { milliCpu, megabytes } = parseResources(field.value);
  const price = specifications.data
    ? formatMonthlyPrice(specificationFor(specifications.data, field.value)?.price)
    : null;

  return (
    <Stack spacing={2}>
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
      <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
        {price
          ? `${price} per replica`
          : specifications.isError
            ? 'The price could not be loaded.'
            : specifications.isPending
              ? 'Loading the price…'
              : 'No price listed for this size.'}
      </Typography>
    </Stack>
  );
}
