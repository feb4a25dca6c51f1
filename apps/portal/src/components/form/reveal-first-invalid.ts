import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

// What marks a field in error: MUI's inputs (aria-invalid), their labels and helper texts, and messages that
// belong to a group of fields (role=alert). The form's own error summary is not a field.
const invalidMarks = '[aria-invalid="true"], .Mui-error, [role="alert"]:not([data-error-summary])';
const focusable =
  'input:not([type="hidden"]):not([disabled]), textarea, select, button:not([disabled]), [tabindex]';

// Frames to wait for the marks: a check's errors show in the next render, a refusal's after its answer is read.
const framesToWait = 10;

/**
 * For `handleSubmit`'s invalid branch, and for the platform's refusal (useServerRefusal): brings the first
 * field in error into view, in the order the page shows them (react-hook-form's own focus follows the order
 * fields registered, and skips fields without an input), and focuses it, so a failed submit never leaves its
 * reason out of sight.
 */
export function revealFirstInvalid<TValues extends FieldValues>(
  _errors: FieldErrors<TValues>,
  event?: BaseSyntheticEvent,
): void {
  const form: unknown = event?.target;
  if (!(form instanceof HTMLFormElement)) return;
  const reveal = (framesLeft: number) => {
    const marked = form.querySelector<HTMLElement>(invalidMarks);
    if (!marked) {
      if (framesLeft > 0) requestAnimationFrame(() => reveal(framesLeft - 1));
      return;
    }
    const field = marked.closest<HTMLElement>('.MuiFormControl-root, section') ?? marked;
    const target = marked.matches(focusable) ? marked : field.querySelector<HTMLElement>(focusable);
    (target ?? marked).scrollIntoView({ block: 'center' });
    // A message naming no field is focused itself, so a screen reader and the keyboard start from it.
    if (target) target.focus({ preventScroll: true });
    else {
      marked.tabIndex = -1;
      marked.focus({ preventScroll: true });
    }
  };
  requestAnimationFrame(() => reveal(framesToWait));
}
