import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { ListItem } from './list-editor.tsx';

/**
 * The items of a list section (variables, mounts, web addresses), each its fields in a ListItem that can be
 * removed; nothing while the list is empty. `fields` are react-hook-form's (useFieldArray), `values` the
 * items as typed (useWatch), which each item is shown with once there.
 */
export function FieldList<TItem>({
  fields,
  values,
  label,
  onRemove,
  children,
}: {
  fields: readonly (TItem & { id: string })[];
  values: readonly TItem[];
  /** Names an item's group of fields, and its remove button. */
  label: (item: TItem, index: number) => string;
  onRemove: (index: number) => void;
  children: (item: TItem, index: number) => ReactNode;
}) {
  if (fields.length === 0) return null;
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => {
        const item = values[index] ?? field;
        return (
          <ListItem key={field.id} label={label(item, index)} onRemove={() => onRemove(index)}>
            {children(item, index)}
          </ListItem>
        );
      })}
    </Stack>
  );
}
