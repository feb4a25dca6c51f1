import { describe, expect, it } from 'vitest';
import { detailsUrl, focusedFields, getPage, postForm, rows, sql } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { useServer } from '../support/server.ts';
import { DETAILS } from './billing-api-setup.ts';

// The local provider's hosted billing-details form as a customer's browser uses it.

const suite = useServer();

/** The page's input of this field: its markup up to its end, for its attributes and value. */
const inputOf = (html: string, name: string) => new RegExp(`<input id="field-${name}"[^>]*>`).exec(html)?.[0];

/** The label of the field, as the page names it. */
const labelOf = (html: string, name: string) =>
  new RegExp(`<label for="field-${name}">([^<]*)</label>`).exec(html)?.[1];

const addressParts = (customerId: number) =>
  rows(
    suite.server,
    sql`SELECT address, address_street, address_postal_code, address_city, address_country
        FROM billing_customers WHERE customer_id = ${customerId}`,
  );

describe('the hosted billing-details page', () => {
  it('asks the address in parts, each with its label and autocomplete', async () => {
    const dora = await createCustomer(suite.server);
    const { html } = await getPage(await detailsUrl(suite.server, dora));
    const fields = {
      street: ['Street and house number', 'address-line1'],
      postalCode: ['Postal code', 'postal-code'],
      city: ['City', 'address-level2'],
      country: ['Country', 'country-name'],
    };
    for (const [name, [label, autocomplete]] of Object.entries(fields)) {
      expect(labelOf(html, name), name).toBe(label);
      const input = inputOf(html, name);
      expect(input, name).toContain(`autocomplete="${autocomplete}"`);
      expect(input, name).toContain(' required ');
      expect(input, name).toContain('value=""');
    }
    expect(html).toContain('<legend>Billing address</legend>');
    expect(html).not.toContain('name="address"');
    expect(focusedFields(html)).toEqual([]);
  });

  it('saves the details for this customer and goes back to the portal; a new page shows them', async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    const url = await detailsUrl(suite.server, alice);
    const empty = await getPage(url);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain(`value="${alice.email}"`);

    const saved = await postForm(url, { ...DETAILS, street: '  12 Marylebone Road ' });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${suite.server.url}/account/billing`);
    // The parts, trimmed, and the address composed from them as invoices show it.
    expect(await addressParts(alice.customerId)).toEqual([
      {
        address: '12 Marylebone Road\nNW1 5LR London\nUnited Kingdom',
        address_street: '12 Marylebone Road',
        address_postal_code: 'NW1 5LR',
        address_city: 'London',
        address_country: 'United Kingdom',
      },
    ]);

    const again = await getPage(await detailsUrl(suite.server, alice));
    expect(inputOf(again.html, 'companyName')).toContain('value="Analytical Engines Ltd"');
    expect(inputOf(again.html, 'street')).toContain('value="12 Marylebone Road"');
    expect(inputOf(again.html, 'postalCode')).toContain('value="NW1 5LR"');
    expect(inputOf(again.html, 'city')).toContain('value="London"');
    expect(inputOf(again.html, 'country')).toContain('value="United Kingdom"');
    expect(inputOf(again.html, 'vatNumber')).toContain('value="GB123456789"');
    expect(inputOf(again.html, 'invoiceEmail')).toContain('value="invoices@engines.example"');
    expect(again.html).not.toContain('as saved before');
    // Bob's page knows nothing of Alice's details.
    const bobs = await getPage(await detailsUrl(suite.server, bob));
    expect(bobs.html).not.toContain('Analytical Engines');
    expect(bobs.html).not.toContain('Marylebone');
    // The used page is gone.
    expect((await postForm(url, DETAILS)).status).toBe(410);
  });

  it('says what is wrong with each field, keeps what was typed and saves nothing', async () => {
    const carol = await createCustomer(suite.server);
    const url = await detailsUrl(suite.server, carol);
    const cases: [Partial<typeof DETAILS>, string, string][] = [
      [{ companyName: ' ' }, 'companyName', 'Enter the company name.'],
      [{ street: '' }, 'street', 'Enter the street and house number.'],
      [{ street: '   ' }, 'street', 'Enter the street and house number.'],
      [
        { street: 'x'.repeat(201) },
        'street',
        'The street and house number are too long (200 characters at most).',
      ],
      [
        { street: '12 Marylebone\u0007Road' },
        'street',
        'The street and house number must not contain control characters.',
      ],
      // One line each: a line break would make the composed address another line.
      [
        { street: '12 Marylebone Road\nLondon' },
        'street',
        'The street and house number must not contain control characters.',
      ],
      [{ postalCode: '' }, 'postalCode', 'Enter the postal code.'],
      [{ postalCode: '1'.repeat(21) }, 'postalCode', 'The postal code is too long (20 characters at most).'],
      [{ postalCode: 'NW1\t5LR' }, 'postalCode', 'The postal code must not contain control characters.'],
      [{ city: '' }, 'city', 'Enter the city.'],
      [{ city: 'L'.repeat(101) }, 'city', 'The city is too long (100 characters at most).'],
      [{ city: 'Lon\u0000don' }, 'city', 'The city must not contain control characters.'],
      [{ country: '' }, 'country', 'Enter the country.'],
      [{ country: 'U'.repeat(101) }, 'country', 'The country is too long (100 characters at most).'],
      [{ country: 'United\r\nKingdom' }, 'country', 'The country must not contain control characters.'],
      [{ vatNumber: '123' }, 'vatNumber', 'Enter a VAT number with its country prefix, like DE123456789.'],
      [{ invoiceEmail: 'invoices' }, 'invoiceEmail', 'Enter a valid email address.'],
      [{ invoiceEmail: '' }, 'invoiceEmail', 'Enter the email address for invoices.'],
      [
        { companyName: 'x'.repeat(201) },
        'companyName',
        'The company name is too long (200 characters at most).',
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await postForm(url, { ...DETAILS, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.html, message).toContain(
        `<div class="field-error" id="field-${field}-error">${message}</div>`,
      );
      expect(inputOf(answer.html, field), field).toContain(
        `aria-invalid="true" aria-describedby="field-${field}-error"`,
      );
      expect(focusedFields(answer.html), field).toEqual([field]);
    }
    // Each part keeps what was typed; several wrong fields: each says so, the first one has the cursor.
    const kept = await postForm(url, { ...DETAILS, vatNumber: '123' });
    expect(inputOf(kept.html, 'companyName')).toContain('value="Analytical Engines Ltd"');
    expect(inputOf(kept.html, 'street')).toContain('value="12 Marylebone Road"');
    expect(inputOf(kept.html, 'postalCode')).toContain('value="NW1 5LR"');
    expect(inputOf(kept.html, 'city')).toContain('value="London"');
    expect(inputOf(kept.html, 'country')).toContain('value="United Kingdom"');
    const several = await postForm(url, { ...DETAILS, country: '', postalCode: '', vatNumber: '1' });
    expect(several.html).toContain('id="field-postalCode-error">Enter the postal code.<');
    expect(several.html).toContain('id="field-country-error">Enter the country.<');
    expect(several.html).toContain('id="field-vatNumber-error">');
    expect(inputOf(several.html, 'city')).toContain('aria-invalid="false"');
    expect(focusedFields(several.html)).toEqual(['postalCode']);
    // What was typed comes back escaped.
    const markup = await postForm(url, { ...DETAILS, city: '<b>"London"</b>', country: '' });
    expect(inputOf(markup.html, 'city')).toContain('value="&#60;b&#62;&#34;London&#34;&#60;/b&#62;"');
    expect(
      await rows(suite.server, sql`SELECT 1 FROM billing_customers WHERE customer_id = ${carol.customerId}`),
    ).toEqual([]);
    // A VAT number is optional.
    expect((await postForm(url, { ...DETAILS, vatNumber: '' })).status).toBe(303);
  });

  it('shows an address saved before it was asked in parts, to be entered in them, and then keeps the parts', async () => {
    const erin = await createCustomer(suite.server);
    // A row as the form saved it before migration 0028: one free-form text, no parts.
    await rows(
      suite.server,
      sql`INSERT INTO billing_customers (customer_id, company_name, address, vat_number, invoice_email)
          VALUES (${erin.customerId}, 'Erin GmbH', ${'Hafenstraße 1\n20457 Hamburg'}, '', 'erin@example.com')`,
    );
    const url = await detailsUrl(suite.server, erin);
    const page = await getPage(url);
    expect(inputOf(page.html, 'companyName')).toContain('value="Erin GmbH"');
    expect(page.html).toContain('<p class="saved-address">Hafenstraße 1\n20457 Hamburg</p>');
    for (const name of ['street', 'postalCode', 'city', 'country']) {
      expect(inputOf(page.html, name), name).toContain('value=""');
    }
    // Still shown after a refused submission.
    const refused = await postForm(url, {
      companyName: 'Erin GmbH',
      street: 'Hafenstraße 1',
      postalCode: '20457',
      city: '',
      country: 'Germany',
      vatNumber: '',
      invoiceEmail: 'erin@example.com',
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Hafenstraße 1\n20457 Hamburg</p>');
    expect(focusedFields(refused.html)).toEqual(['city']);

    const saved = await postForm(url, {
      companyName: 'Erin GmbH',
      street: 'Hafenstraße 1',
      postalCode: '20457',
      city: 'Hamburg',
      country: 'Germany',
      vatNumber: '',
      invoiceEmail: 'erin@example.com',
    });
    expect(saved.status).toBe(303);
    expect(await addressParts(erin.customerId)).toEqual([
      {
        address: 'Hafenstraße 1\n20457 Hamburg\nGermany',
        address_street: 'Hafenstraße 1',
        address_postal_code: '20457',
        address_city: 'Hamburg',
        address_country: 'Germany',
      },
    ]);
    const again = await getPage(await detailsUrl(suite.server, erin));
    expect(again.html).not.toContain('<p class="saved-address">');
    expect(inputOf(again.html, 'city')).toContain('value="Hamburg"');
  });
});
