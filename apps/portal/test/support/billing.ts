import { graphql, HttpResponse } from 'msw';
import type {
  BillingOverviewQuery,
  BillingUnpaidResourcesQuery,
  BillingUsageQuery,
  InvoicesQuery,
} from '../../src/gql/billing/graphql.ts';
import { server } from './server.ts';

// What the billing API (/graphql/billing) answers in the tests of the Billing page: a test serves the overview
// it needs, the usage of November 2029 and two invoices unless it says otherwise.

export const billingApi = graphql.link('/graphql/billing');

const billingDown = [{ message: 'Billing is down', extensions: { code: 'INTERNAL' } }];

/**
 * The billing API answers with `answers` in turn (the last one from then on); counts the requests. Nothing runs
 * unpaid unless the test serves unpaid resources after this.
 */
export function serveBilling(...answers: (BillingOverviewQuery | 'error')[]) {
  let requests = 0;
  serveUnpaid([]);
  server.use(
    billingApi.query('BillingOverview', () => {
      const answer = answers[Math.min(requests, answers.length - 1)];
      requests += 1;
      return answer === 'error'
        ? HttpResponse.json({ errors: billingDown })
        : HttpResponse.json({ data: answer });
    }),
  );
  return { requests: () => requests };
}

export const euros = (amountCents: number) => ({ amountCents, currency: 'EUR' });

/** November 2029 so far, by hand: shop 10.00 + 0.34 + 2.00 = 12.34, blog 2.50; 14.84 in all. */
export const novemberUsage: BillingUsageQuery['usage'] = {
  startDate: '2029-11-01T00:00:00.000Z',
  endDate: '2029-12-01T00:00:00.000Z',
  cost: euros(1484),
  forecast: euros(3090),
  byResourceType: [
    { resourceType: 'CONTAINER', cost: euros(1250) },
    { resourceType: 'CONTAINER_JOB', cost: euros(34) },
    { resourceType: 'VOLUME', cost: euros(200) },
  ],
  namespaces: [
    {
      name: 'shop',
      cost: euros(1234),
      resources: [
        { resourceType: 'CONTAINER', name: 'web', cost: euros(1000) },
        { resourceType: 'CONTAINER_JOB', name: 'nightly', cost: euros(34) },
        { resourceType: 'VOLUME', name: 'data', cost: euros(200) },
      ],
    },
    {
      name: 'blog',
      cost: euros(250),
      resources: [{ resourceType: 'CONTAINER', name: 'wp', cost: euros(250) }],
    },
  ],
};

export const invoices: InvoicesQuery['invoices'] = [
  {
    id: '2',
    number: 'BERTH-000002',
    issuedAt: '2029-12-15T12:00:00.000Z',
    periodStart: '2029-12-15T12:00:00.000Z',
    periodEnd: '2030-01-14T12:00:00.000Z',
    status: 'OPEN',
    total: euros(900),
  },
  {
    id: '1',
    number: 'BERTH-000001',
    issuedAt: '2029-11-15T12:00:00.000Z',
    periodStart: '2029-11-15T12:00:00.000Z',
    periodEnd: '2029-12-15T12:00:00.000Z',
    status: 'PAID',
    total: euros(900),
  },
];

/** The billing API answers `operation` with `{[field]: answer}`; 'error' fails once, then answers `retried`. */
function serveQuery(operation: string, field: string, answer: unknown, retried: unknown) {
  let requests = 0;
  server.use(
    billingApi.query(operation, () => {
      requests += 1;
      if (answer === 'error' && requests === 1) return HttpResponse.json({ errors: billingDown });
      return HttpResponse.json({ data: { [field]: answer === 'error' ? retried : answer } });
    }),
  );
}
export const serveUsage = (usage: BillingUsageQuery['usage'] | 'error') =>
  serveQuery('BillingUsage', 'usage', usage, novemberUsage);
export const serveInvoices = (list: InvoicesQuery['invoices'] | 'error') =>
  serveQuery('Invoices', 'invoices', list, invoices);
export const serveUnpaid = (list: BillingUnpaidResourcesQuery['unpaidResources'] | 'error') =>
  serveQuery('BillingUnpaidResources', 'unpaidResources', list, []);
