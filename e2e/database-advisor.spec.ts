import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest } from './support/platform.ts';
import { closeMessage, createNamespace, expectAccessible, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// The database advisor (issue 27): turned on from a cluster's page, it waits for its first analysis; the
// operators' `advisor run` analyses the cluster at once, and the page shows what the simulated driver
// suggests (its fixed examples): a missing index in the cluster's first database and a setting. Turned off,
// it forgets them. The names are this spec's own: `advisor run --cluster` analyses every customer's cluster of
// that name.

const clusterPath = '/storage/databases/advice/ledger';

async function advisorStatus(page: Page): Promise<string> {
  const data = await platformRequest<{
    cloudDatabaseCluster: { features: { __typename: string; status: string }[] };
  }>(
    page,
    `{ cloudDatabaseCluster(cloudDatabase: { namespace: "advice", name: "ledger" }) {
      features { __typename ... on CloudDatabaseClusterAdvisor { status } }
    } }`,
  );
  return (
    data.cloudDatabaseCluster.features.find((feature) => feature.__typename === 'CloudDatabaseClusterAdvisor')
      ?.status ?? ''
  );
}

test('a customer turns the database advisor on, sees it wait for its first analysis, then its suggestions', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('advisor', 'Ada Advisor');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'cloud-database');
  await openSignedIn(page, '/storage/databases', customer);
  await createNamespace(page, 'advice');
  const heading = page.getByRole('heading', { level: 1 });
  const advisor = page.getByRole('region', { name: 'Advisor' });
  const advisorSwitch = advisor.getByRole('switch', { name: 'Database advisor' });

  await test.step('a running cluster, its advisor off', async () => {
    const offer = await platformRequest<{
      cloudDatabaseClusterPlans: { id: string; name: string }[];
      cloudDatabaseClusterVersions: { type: string; version: string }[];
    }>(page, '{ cloudDatabaseClusterPlans { id name } cloudDatabaseClusterVersions { type version } }');
    await platformRequest(
      page,
      `mutation ($plan: String!, $version: String!) { cloudDatabaseClusterCreate(cloudDatabaseClusterInput: {
        name: "ledger", namespace: "advice", plan: $plan, spec: { type: "postgresql", version: $version },
        databases: [{ name: "books" }]
      }) { id } }`,
      {
        plan: offer.cloudDatabaseClusterPlans.find((plan) => plan.name === 'Small')?.id,
        version: offer.cloudDatabaseClusterVersions.find((version) => version.type === 'postgresql')?.version,
      },
    );
    await page.goto(clusterPath);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(advisorSwitch).not.toBeChecked();
    await expect(advisor.getByRole('status')).toHaveText(
      'Off: turn it on to have the databases analysed once a day.',
    );
  });

  await test.step('turned on, it waits for its first analysis', async () => {
    await advisorSwitch.check();
    await expect(advisor.getByRole('status')).toHaveText('Waiting for its first analysis');
    await expect(advisorSwitch).toBeChecked();
    await closeMessage(page, 'The advisor is on: it analyses the databases shortly, then once a day');
  });

  await test.step('analysed (the operators run it now), it shows what it suggests, by type', async () => {
    const output = await admin('advisor', 'run', '--cluster', 'advice/ledger');
    expect(output).toContain('advice/ledger');
    expect(output).toContain('MissingIndex');
    const status = await advisorStatus(page);
    expect(status).toMatch(/^analysed \d{4}-\d{2}-\d{2}$/);
    const day = await page.evaluate(
      (date) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${date}T00:00:00Z`),
        ),
      status.slice('analysed '.length),
    );
    // The page looks again while the advisor waits; a reload is quicker.
    await page.reload();
    await expect(advisor.getByRole('status')).toHaveText(`Analysed on ${day}`);
    const indexes = advisor.getByRole('region', { name: 'Missing indexes' });
    await expect(indexes.getByText('Database books', { exact: true })).toBeVisible();
    await expect(indexes).toContainText('table public.events in database books');
    const settings = advisor.getByRole('region', { name: 'Setting suggestions' });
    await expect(settings).toContainText('shared_buffers');
    await advisor.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await captureScreens(page, 'database-advisor');
    await advisor.screenshot({ path: 'test-results/screens/database-advisor-section-desktop-light.png' });
  });

  await test.step('turned off, it forgets its suggestions', async () => {
    await advisorSwitch.uncheck();
    await expect(advisor.getByRole('status')).toHaveText(
      'Off: turn it on to have the databases analysed once a day.',
    );
    await expect(advisor.getByRole('region', { name: 'Missing indexes' })).toHaveCount(0);
    expect(await advisorStatus(page)).toBe('off');
  });
});
