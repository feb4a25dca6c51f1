import type { FieldValues } from 'react-hook-form';
import {
  FormTextField,
  identifierInputProps,
  resourceNameHint,
  type FormTextFieldProps,
} from './form-text-field.tsx';

/** A field for a name or other identifier: the browser neither fills it in from earlier forms nor corrects it. */
export function IdentifierField<TValues extends FieldValues>(props: FormTextFieldProps<TValues>) {
  return <FormTextField autoComplete="off" slotProps={identifierInputProps} {...props} />;
}

/**
 * The name a new resource (or member of one) is created with: required, and the first field of its form, so
 * focused on opening it. Its rules are a resource name's unless `helperText` says others.
 */
export function NewNameField<TValues extends FieldValues>({
  label = 'Name',
  helperText = resourceNameHint,
  ...props
}: FormTextFieldProps<TValues>) {
  return <IdentifierField label={label} helperText={helperText} required autoFocus {...props} />;
}
