import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldPath, FieldValues, SubmitHandler, UseFormSetError } from 'react-hook-form';
import { GraphQLRequestError, type GraphQLErrorItem } from '../../lib/graphql/errors.ts';
import { revealFirstInvalid } from './reveal-first-invalid.ts';

// The one way every form shows the platform's refusal of what it sent: a BAD_USER_INPUT names the input field
// in extensions.field, and its message goes on the form field showing it; what names no field is the form's
// own message above its buttons. The first of them in the page's order is brought into view and focused, as
// a failed check's would be. A failure that is not a refusal (no answer) stays the snack bar's.

/** The form's side of a refusal. */
export interface RefusalPlacement<TValues extends FieldValues> {
  /** The input fields the platform may name (`name`, `spec.version`), each to the form field showing it. */
  fieldsOfInput: Readonly<Record<string, FieldPath<TValues>>>;
  setError: UseFormSetError<TValues>;
  /** A namespace gone or being deleted names no input field, but it is this field's to fix. */
  namespaceField?: FieldPath<TValues>;
  /** Places what a part of the form understands better itself (external access's port rows) first; answers the rest. */
  placeFirst?: (error: GraphQLRequestError) => Promise<GraphQLRequestError | null>;
}

/** The refusal's errors, each on the field it names or among those naming none. */
export function placeRefusal<TField extends string>(
  errors: readonly GraphQLErrorItem[],
  fieldsOfInput: Readonly<Record<string, TField>>,
  namespaceField?: TField,
): { fields: { field: TField; message: string }[]; other: string[] } {
  const fields: { field: TField; message: string }[] = [];
  const other: string[] = [];
  for (const item of errors) {
    const named = item.extensions?.field;
    const field =
      (named !== undefined && Object.hasOwn(fieldsOfInput, named) ? fieldsOfInput[named] : undefined) ??
      (namespaceField && /^namespace /i.test(item.message) ? namespaceField : undefined);
    if (field) fields.push({ field, message: item.message });
    else other.push(item.message);
  }
  return { fields, other };
}

/**
 * A form's refusal: `sending(send)` is handleSubmit's valid branch, sending the values and placing what the
 * platform refuses (the promise `send` answers fails with it); `refusal` is what it said that names no field,
 * for the form's buttons (FormButtons, FormActions).
 */
export function useServerRefusal<TValues extends FieldValues>(placement: RefusalPlacement<TValues>) {
  const [refusal, setRefusal] = useState<readonly string[]>([]);
  const show = async (error: Error, event: BaseSyntheticEvent | undefined): Promise<void> => {
    if (!(error instanceof GraphQLRequestError)) return;
    const rest = placement.placeFirst ? await placement.placeFirst(error) : error;
    const { fields, other } = placeRefusal(
      rest?.errors ?? [],
      placement.fieldsOfInput,
      placement.namespaceField,
    );
    for (const { field, message } of fields) placement.setError(field, { type: 'server', message });
    setRefusal(other);
    revealFirstInvalid({}, event);
  };
  const sending =
    (send: (values: TValues) => Promise<unknown>): SubmitHandler<TValues> =>
    async (values, event) => {
      setRefusal([]);
      await send(values).catch((error: unknown) => show(error as Error, event));
    };
  return { refusal, sending };
}
