import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { createCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { BILLING_OVERVIEW, useBillingApiServer } from './billing-api-setup.ts';

// The customer's invoices (a local subscription's renewal among them) and usage cost, and nobody else's.

const INVOICES = graphql(`
  query Invoices {
    invoices {
      id
      number
      issuedAt
      periodStart
      periodEnd
      status
      lines {
        description
        amount {
          amountCents
          currency
        }
      }
      total {
        amountCents
        currency
      }
      hostedUrl
    }
  }
`);

const INVOICE = graphql(`
  query Invoice($number: String!) {
    invoice(number: $number) {
      number
      total {
        amountCents
      }
    }
  }
`);

const USAGE = graphql(`
  query Usage($startDate: DateTime, $endDate: DateTime) {
    usage(startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      cost {
        amountCents
        currency
      }
      forecast {
        amountCents
      }
      byResourceType {
        resourceType
        cost {
          amountCents
        }
      }
      namespaces {
        name
        cost {
          amountCents
        }
        resources {
          resourceType
          name
          cost {
            amountCents
          }
        }
      }
    }
  }
`);

const { suite, billing, payingCustomer, customerWithUsage } = useBillingApiServer();

describe('the billing API', () => {
  it('lists the invoice of a local checkout, numbered by us, and finds it by its number', async () => {
    const started = Date.now();
    const alice = await payingCustomer();
    const { invoices } = await billing(alice).data(INVOICES);
    expect(invoices).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        number: expect.stringMatching(/^BERTH-\d{6}$/),
        issuedAt: expect.any(String),
        periodStart: expect.any(String),
        periodEnd: expect.any(String),
        status: 'PAID',
        lines: [
          {
            description: 'Serverless containers, monthly (EUR)',
            amount: { amountCents: 900, currency: 'EUR' },
          },
        ],
        total: { amountCents: 900, currency: 'EUR' },
        hostedUrl: null,
      },
    ]);
    const [invoice] = invoices;
    if (!invoice) throw new Error('no invoice');
    expect(Date.parse(invoice.periodStart)).toBeGreaterThanOrEqual(started - 1000);
    expect((Date.parse(invoice.periodEnd) - Date.parse(invoice.periodStart)) / 86_400_000).toBe(30);
    expect(await billing(alice).data(INVOICE, { number: invoice.number })).toEqual({
      invoice: { number: invoice.number, total: { amountCents: 900 } },
    });

    // Another customer can neither list nor open it.
    const bob = await payingCustomer();
    const bobs = await billing(bob).data(INVOICES);
    expect(bobs.invoices.map((other) => other.number)).not.toContain(invoice.number);
    const error = expectGraphQLError(
      await billing(bob).gql(INVOICE, { number: invoice.number }),
      'NOT_FOUND',
    );
    expect(error.message).toBe(`Invoice ${invoice.number} not found`);
  });

  it("renews a local subscription when its period ends: the next period's fee and the past period's usage, once", async () => {
    const { customer: alice, periodStart, periodEnd } = await customerWithUsage();
    // 68 cents of usage in the period that ends.
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const nextEnd = new Date(periodEnd.getTime() + 30 * 86_400_000);

    expect(await suite.server.services.billing.collectDue(new Date(periodEnd.getTime() - 60_000))).toBe(0);
    const afterEnd = new Date(periodEnd.getTime() + 60_000);
    const [first, second] = await Promise.all([
      suite.server.services.billing.collectDue(afterEnd),
      suite.server.services.billing.collectDue(afterEnd),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await suite.server.services.billing.collectDue(afterEnd)).toBe(0);

    const { invoices } = await billing(alice).data(INVOICES);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      status: 'PAID',
      periodStart: periodEnd.toISOString(),
      periodEnd: nextEnd.toISOString(),
      lines: [
        {
          description: `Serverless containers, monthly (EUR), ${day(periodEnd)} to ${day(nextEnd)}`,
          amount: { amountCents: 900, currency: 'EUR' },
        },
        {
          description: `Containers, usage ${day(periodStart)} to ${day(periodEnd)}`,
          amount: { amountCents: 68, currency: 'EUR' },
        },
      ],
      total: { amountCents: 968, currency: 'EUR' },
    });
    const renewed = (await billing(alice).data(BILLING_OVERVIEW)).subscriptions[0];
    expect(renewed).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: nextEnd.toISOString() });
  });

  it("shows this month's usage cost by type and namespace, and the forecast of what runs now", async () => {
    const grace = await createCustomer(suite.server);
    // 73 h of a replica (CPU_1000_RAM_2000, 680 cents a month) in January 2026: a tenth of a month.
    await suite.server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at, ended_at)
      VALUES (${grace.customerId}, 'shop', 'CONTAINER', 'web', 'web-abcde-1', 'hand:grace', 'CPU_1000_RAM_2000',
        '2026-01-02T00:00:00Z', '2026-01-05T01:00:00Z')`);
    const { usage } = await billing(grace).data(USAGE, {
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-02-01T00:00:00Z',
    });
    expect(usage).toEqual({
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-02-01T00:00:00.000Z',
      cost: { amountCents: 68, currency: 'EUR' },
      // The period is over: nothing more to come.
      forecast: { amountCents: 68 },
      byResourceType: [
        { resourceType: 'CONTAINER', cost: { amountCents: 68 } },
        { resourceType: 'CONTAINER_JOB', cost: { amountCents: 0 } },
        { resourceType: 'VOLUME', cost: { amountCents: 0 } },
        { resourceType: 'IPADDRESS', cost: { amountCents: 0 } },
      ],
      namespaces: [
        {
          name: 'shop',
          cost: { amountCents: 68 },
          resources: [{ resourceType: 'CONTAINER', name: 'web', cost: { amountCents: 68 } }],
        },
      ],
    });
    // An open replica since midnight: 12 h so far (11.18 cents); 444 h more to the end of February at
    // its rate (413.59 cents) is the forecast.
    await suite.server.berth.database.db.execute(sql`
      INSERT INTO usage_meters (customer_id, namespace_name, resource_type, resource_name, subject, subject_key, size, started_at)
      VALUES (${grace.customerId}, 'shop', 'CONTAINER', 'web', 'web-fghij-1', 'hand:grace-open', 'CPU_1000_RAM_2000',
        '2026-02-10T00:00:00Z')`);
    const february = (await billing(grace).data(USAGE)).usage;
    expect(february).toMatchObject({
      startDate: '2026-02-01T00:00:00.000Z',
      endDate: '2026-03-01T00:00:00.000Z',
      cost: { amountCents: 11 },
      forecast: { amountCents: 425 },
    });

    // Nobody else's usage shows.
    const bob = await createCustomer(suite.server);
    expect((await billing(bob).data(USAGE, { startDate: '2026-01-01T00:00:00Z' })).usage.namespaces).toEqual(
      [],
    );
  });
});
