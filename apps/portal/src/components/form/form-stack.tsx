import type { FormEventHandler, ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/**
 * A form of a page, its parts one under the other. The browser's own validation is off (noValidate): the
 * form's schema checks the values and says what is wrong beside each field.
 */
export function FormStack({
  onSubmit,
  label,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name, where the page has more than one thing to name. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} aria-label={label}>
      {children}
    </Stack>
  );
}
