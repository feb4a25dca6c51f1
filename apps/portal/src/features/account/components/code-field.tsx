import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormTextField, identifierInputProps } from '@/components/form/form-text-field.tsx';
import { problemCheck } from '@/lib/validation/problem-check.ts';

/** The server's words for a missing code, said before anything is sent. */
export const codeSchema = z.string().check(
  z.trim(),
  problemCheck((code) =>
    code === '' ? 'Enter a code from your authenticator app or a recovery code' : null,
  ),
);

/**
 * A code from the authenticator app, or a recovery code (letters too, so not a number field). The browser
 * may offer a one-time code it received, and neither corrects nor capitalises it.
 */
export function CodeField<TValues extends FieldValues>({
  control,
  name,
  autoFocus,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  autoFocus?: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Code"
      required
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      helperText="From your authenticator app, or one of your recovery codes."
      slotProps={identifierInputProps}
    />
  );
}
