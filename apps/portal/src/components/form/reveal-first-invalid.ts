import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

// What marks a field in error: MUI's inputs (aria-invalid), their labels and helper texts, and messages that
// belong to a group of fields (role=alert). The form's own error summary is not a field.
const invalidMarks = '[aria-invalid="true"], .Mui-error, [role="alert"]:not([data-error-summary])';
const focusable =
  'input:not([type="hidden"]):not([disabled]), textarea, select, button:not([disabled]), [tabindex]';

/**
 * For `handleSubmit`'s invalid branch: brings the first field in error into view, in the order the page shows
 * them (react-hook-form's own focus follows the order fields registered, and skips fields without an input),
 * and focuses it, so a failed submit never leaves its reason out of sight.
 */
export function revealFirstInvalid<TValues extends FieldValues>(
  _errors: FieldErrors<TValues>,
  event?: BaseSyntheticEvent,
): void {
  const form: unknown = event?.target;
  if (!(form instanceof HTMLFormElement)) return;
  // The fields show their errors in the render that follows this call.
  requestAnimationFrame(() => {
    const marked = form.querySelector<HTMLElement>(invalidMarks);
    if (!marked) return;
    const field = marked.closest<HTMLElement>('.MuiFormControl-root, section') ?? marked;
    const target = marked.matches(focusable) ? marked : field.querySelector<HTMLElement>(focusable);
    (target ?? marked).scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  });
}
