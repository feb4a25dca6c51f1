import { z } from 'zod';
import type { BillingDetails } from '../store.ts';
import type { DetailsField } from './pages.ts';

// The billing-details form of the local provider: what an invoice needs, each field with its own message.

const noControl = (value: string) => !/[\p{Cc}\p{Cs}]/u.test(value.replace(/\r?\n/g, ''));

const schema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, 'Enter the company name.')
    .max(200, 'The company name is too long (200 characters at most).')
    .refine(noControl, 'The company name must not contain control characters.'),
  address: z
    .string()
    .trim()
    .min(1, 'Enter the billing address.')
    .max(500, 'The address is too long (500 characters at most).')
    .refine(noControl, 'The address must not contain control characters.'),
  // EU VAT numbers: a two-letter country prefix and 2 to 13 letters or digits (spaces and dots ignored).
  vatNumber: z
    .string()
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value), {
      message: 'Enter a VAT number with its country prefix, like DE123456789.',
    }),
  invoiceEmail: z
    .string()
    .trim()
    .min(1, 'Enter the email address for invoices.')
    .max(320, 'The email address is too long.')
    .pipe(z.email('Enter a valid email address.')),
});

export const DETAILS_FIELDS = ['companyName', 'address', 'vatNumber', 'invoiceEmail'] as const;

export function checkDetails(
  form: Record<DetailsField, string>,
): { details: BillingDetails } | { errors: Partial<Record<DetailsField, string>> } {
  const parsed = schema.safeParse(form);
  if (parsed.success) return { details: parsed.data };
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as DetailsField] ??= issue.message;
  return { errors };
}
