import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { mdiCheck } from '@mdi/js';
import type { CronField, CronFormat, Segment } from '@berth/cron';
import { MdiIcon } from '../mdi-icon.tsx';
import { fieldOptions, gridColumns, summarize } from './labels.ts';
import type { CronEditorTexts } from './translations.ts';

interface FieldSelectProps {
  readonly field: CronField;
  readonly format: CronFormat;
  readonly locale: string;
  readonly texts: CronEditorTexts;
  /** The field's current segment, or undefined while the expression is invalid. */
  readonly segment: Segment | undefined;
  readonly onChange: (values: number[]) => void;
}

/**
 * A multiple select whose options form a grid. MUI's Select gives the combobox, its label, the listbox with
 * aria-selected options, arrow keys, type-ahead and Escape; the grid only changes how the options are laid out.
 * A chosen option carries a check mark and bold text, so the choice does not rest on a faint tint alone.
 */
export function FieldSelect({ field, format, locale, texts, segment, onChange }: FieldSelectProps) {
  const labelId = useId();
  const options = useMemo(() => fieldOptions(field, format, locale), [field, format, locale]);
  const label = texts.fields[field.id];
  return (
    <FormControl fullWidth disabled={segment === undefined}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select<number[]>
        multiple
        displayEmpty
        notched
        labelId={labelId}
        label={label}
        value={segment === undefined ? [] : [...segment.values]}
        renderValue={() => (segment === undefined ? '' : summarize(segment.text, options, texts))}
        onChange={(event) => {
          const { value } = event.target;
          // MUI gives a string only for native autofill, which a multiple select of numbers never receives.
          if (Array.isArray(value)) onChange(value);
        }}
        MenuProps={{
          slotProps: {
            list: {
              sx: {
                display: 'grid',
                gridTemplateColumns: `repeat(${gridColumns[field.id]}, minmax(max-content, 1fr))`,
              },
            },
          },
        }}
      >
        {options.map((option) => {
          const selected = segment?.values.includes(option.value) ?? false;
          return (
            <MenuItem
              key={option.value}
              value={option.value}
              sx={{ gap: 0.5, px: 1.5, '&.Mui-selected': { fontWeight: 700 } }}
            >
              {/* The mark's room is kept when unchecked, so checking an option does not move the grid. */}
              {selected ? (
                <MdiIcon path={mdiCheck} fontSize="small" color="primary" data-testid="selected-mark" />
              ) : (
                <Box component="span" sx={{ width: 20, flexShrink: 0 }} />
              )}
              {option.label}
            </MenuItem>
          );
        })}
      </Select>
    </FormControl>
  );
}
