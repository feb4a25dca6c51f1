import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form checked against `schema` as the customer types, so nothing is sent while it is invalid. Its own
 * focus on errors is off: the submit's invalid branch is revealFirstInvalid, which goes by the page's order.
 */
export function useZodForm<TValues extends FieldValues>(
  schema: $ZodType<TValues, TValues>,
  defaultValues: NoInfer<DefaultValues<TValues>>,
) {
  return useForm<TValues>({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues,
  });
}
