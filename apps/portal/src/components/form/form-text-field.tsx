import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<TValues extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** Fields whose rules read this one's value: checked again as it changes (react-hook-form's `deps`). */
  deps?: FieldPath<TValues>[];
};

/**
 * A text field bound to react-hook-form: the validation message replaces the helper text. Multiline
 * fields start at one row and grow with their content (SPEC §9).
 */
export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  helperText,
  multiline,
  deps,
  ...props
}: FormTextFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name, rules: deps && { deps } });
  const { submitCount } = useFormState({ control, name });
  // The ref goes to the input alone: on the field's root too, react-hook-form would focus the root.
  const { ref, ...binding } = field;
  // An empty field nobody has been in yet is not wrong yet: the check that runs when a list adds a row (a
  // variable, a mount) would mark the new row's fields before anything could be typed. A submit, leaving
  // the field, or the platform's refusal shows it.
  const notYet =
    (field.value ?? '') === '' &&
    !fieldState.isTouched &&
    submitCount === 0 &&
    fieldState.error?.type !== 'server';
  const error = notYet ? undefined : fieldState.error;
  return (
    <TextField
      {...props}
      {...binding}
      value={field.value ?? ''}
      inputRef={ref}
      multiline={multiline}
      minRows={multiline ? 1 : undefined}
      error={error !== undefined}
      helperText={error?.message ?? helperText}
    />
  );
}

/** What a resource's name may be (namespaces, containers, jobs, volumes, clusters: DNS labels). */
export const resourceNameHint =
  'Lowercase letters, digits and hyphens; starts with a letter, at most 63 characters.';

/** For names, paths and other identifiers: no spell check, no automatic capitals on phones. */
export const identifierInputProps = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };
