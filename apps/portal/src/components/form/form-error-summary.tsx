import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import { OnDemandAlert } from '../on-demand-alert.tsx';

/** How many fields have an error: react-hook-form nests them as the values nest (objects and lists). */
export function countFieldErrors(errors: unknown): number {
  if (typeof errors !== 'object' || errors === null) return 0;
  if ('type' in errors && typeof errors.type === 'string') return 1;
  return Object.values(errors).reduce<number>((count, nested) => count + countFieldErrors(nested), 0);
}

/**
 * After a submit that failed validation, how many fields still need attention, beside the submit button where
 * the customer looks; it counts down as they are fixed and goes once none is left.
 */
export function FormErrorSummary<TValues extends FieldValues>({ control }: { control: Control<TValues> }) {
  const { errors, submitCount } = useFormState({ control });
  const count = countFieldErrors(errors);
  if (submitCount === 0 || count === 0) return null;
  return (
    <OnDemandAlert severity="error" data-error-summary>
      {count === 1 ? '1 field needs attention' : `${count} fields need attention`}
    </OnDemandAlert>
  );
}
