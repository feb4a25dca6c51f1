import type { BaseSyntheticEvent } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';

/**
 * Shows the platform's refusal in a dialog's form, submitted by `event`: each message on the field it names
 * when the form has that field, the first brought into view and focused as a failed check's would be; returns
 * what names no field, for the dialog to say. Other failures (no answer) are the snack bar's.
 */
export function showRefusal<TValues extends FieldValues>(
  error: Error,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
  event: BaseSyntheticEvent | undefined,
): string | null {
  if (!(error instanceof GraphQLRequestError)) return null;
  const other: string[] = [];
  for (const item of error.errors) {
    const field = fields.find((candidate) => candidate === item.extensions?.field);
    if (field) setError(field, { type: 'server', message: item.message });
    else other.push(item.message);
  }
  // react-hook-form's own focus would miss: its fields register the text field's root, not its input.
  revealFirstInvalid({}, event);
  return other.length > 0 ? other.join('\n') : null;
}
