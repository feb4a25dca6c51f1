import { z } from 'zod';
import type { BillingDetails, BillingDetailsInput } from '../store.ts';
import type { DetailsField } from './pages.ts';

// The billing-details form of the local provider: what an invoice needs, each field with its own message.

/** No control characters (nor lone surrogates); a line break neither: every field is one line. */
const noControl = (value: string) => !/[\p{Cc}\p{Cs}]/u.test(value);

/** A required one-line text: trimmed, at most `max` characters. */
const line = (max: number, messages: { missing: string; name: string; tooLong?: string }) =>
  z
    .string()
    .trim()
    .min(1, messages.missing)
    .max(max, messages.tooLong ?? `${messages.name} is too long (${max} characters at most).`)
    .refine(noControl, `${messages.name} must not contain control characters.`);

const schema = z.object({
  companyName: line(200, { missing: 'Enter the company name.', name: 'The company name' }),
  // The address in parts, each part on a line of its own when the address is shown in one text.
  street: line(200, {
    missing: 'Enter the street and house number.',
    name: 'The street and house number',
    tooLong: 'The street and house number are too long (200 characters at most).',
  }),
  postalCode: line(20, { missing: 'Enter the postal code.', name: 'The postal code' }),
  city: line(100, { missing: 'Enter the city.', name: 'The city' }),
  country: line(100, { missing: 'Enter the country.', name: 'The country' }),
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

/** The form's fields in page order: the first one refused is the one the page opens in. */
export const DETAILS_FIELDS = [
  'companyName',
  'street',
  'postalCode',
  'city',
  'country',
  'vatNumber',
  'invoiceEmail',
] as const;

export function checkDetails(
  form: Record<DetailsField, string>,
): { details: BillingDetailsInput } | { errors: Partial<Record<DetailsField, string>> } {
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const errors: Partial<Record<DetailsField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as DetailsField] ??= issue.message;
    return { errors };
  }
  const { companyName, street, postalCode, city, country, vatNumber, invoiceEmail } = parsed.data;
  return {
    details: {
      companyName,
      address: { streetNameAndHouseNumber: street, postalCode, city, country },
      vatNumber,
      invoiceEmail,
    },
  };
}

/** The form's values from details saved before: an address typed before it was asked in parts has none. */
export function detailsFormValues(details: BillingDetails): Partial<Record<DetailsField, string>> {
  const { addressParts } = details;
  return {
    companyName: details.companyName,
    ...(addressParts && {
      street: addressParts.streetNameAndHouseNumber,
      postalCode: addressParts.postalCode,
      city: addressParts.city,
      country: addressParts.country,
    }),
    vatNumber: details.vatNumber,
    invoiceEmail: details.invoiceEmail,
  };
}
