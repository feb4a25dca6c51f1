import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldRow } from './field-row.tsx';
import { FormTextField } from './form-text-field.tsx';
import { NewNameField } from './identifier-field.tsx';

/**
 * Where a new resource of a namespace goes and what it is called (a database cluster, a message queue): the
 * namespace (none offered while it is being deleted) and the name, side by side from 600 px.
 */
export function PlacementFields<TValues extends FieldValues>({
  control,
  namespaces,
  namespaceField,
  nameField,
}: {
  control: Control<TValues>;
  namespaces: readonly { name: string; state: string }[];
  namespaceField: FieldPath<TValues>;
  nameField: FieldPath<TValues>;
}) {
  return (
    <FieldRow columns="repeat(2, minmax(0, 1fr))">
      <FormTextField
        control={control}
        name={namespaceField}
        label="Namespace"
        required
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          Choose a namespace
        </option>
        {namespaces.map((namespace) => (
          <option key={namespace.name} value={namespace.name} disabled={namespace.state === 'deleting'}>
            {namespace.name}
          </option>
        ))}
      </FormTextField>
      <NewNameField control={control} name={nameField} />
    </FieldRow>
  );
}
