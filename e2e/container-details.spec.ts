import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// What a container's and a job's pages tell about the running thing (issue 12): replica counts under
// autoscaling and through a rolling update, each replica's image, the default web address before creating,
// the DNS record of a custom domain, addresses that open in a new tab, and what started each job run.

const DEFAULT_HOST = /web-details-[0-9a-f]{8}\.apps\.localhost/;

/** "2 of 3 available · autoscaling 1–3" as numbers; fails on any other text. */
async function replicaCounts(facts: Locator) {
  const text = (await facts.textContent()) ?? '';
  const match = /(\d+) of (\d+) available · autoscaling 1–3/.exec(text);
  if (!match) throw new Error(`no replica counts in "${text}"`);
  return { available: Number(match[1]), desired: Number(match[2]) };
}

async function jobRunTriggers(page: Page) {
  const data = await platformRequest<{ containerJob: { runs: { trigger: string }[] } }>(
    page,
    `query Runs { containerJob(namespace: "details", name: "tick") { runs { trigger } } }`,
  );
  return data.containerJob.runs.map((run) => run.trigger);
}

test('a customer sees the default address before creating, autoscaled counts, replica images in a rollout and what started each run', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('container-details', 'Dee Details');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'details');
  const base = `${namespacesPath}/details`;
  const replicasFact = page.getByRole('region', { name: 'Details' }).locator('dt:text-is("Replicas") + dd');
  const replicas = page.getByRole('table', { name: 'Replicas' });
  const overviewAddresses = page.getByRole('table', { name: 'Web addresses' });
  let defaultHost = '';

  await test.step('the form names the default address whole before creating', async () => {
    await page.goto(`${base}/container/new`);
    const form = page.getByRole('form', { name: 'New container' });
    const addresses = form.getByRole('region', { name: 'Web addresses' });
    await expect(addresses).toContainText(
      "the container's default address (named once the container has a name)",
    );
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('web');
    await expect(addresses).toContainText(
      new RegExp(`for https://${DEFAULT_HOST.source}; it gets a TLS certificate`),
    );
    defaultHost =
      /web-details-[0-9a-f]{8}\.apps\.localhost/.exec((await addresses.textContent()) ?? '')?.[0] ?? '';
    await form.getByRole('textbox', { name: 'Image' }).fill('nginx:1.27');
    await form.getByRole('textbox', { name: 'Ports' }).fill('80');

    // One address left to the default, one on a domain of the customer's, which needs a DNS record.
    await addresses.getByRole('button', { name: 'Add web address' }).click();
    await expect(addresses).toContainText(
      `The default address https://${defaultHost}, with a TLS certificate.`,
    );
    await addresses.getByRole('button', { name: 'Add web address' }).click();
    await addresses.getByRole('textbox', { name: 'Domain' }).nth(1).fill('www.details.example.com');
    await expect(addresses.getByText(`www.details.example.com CNAME ${defaultHost}`)).toBeVisible();

    const scaling = form.getByRole('region', { name: 'Scaling' });
    await scaling.getByRole('radio', { name: 'Automatic, by load' }).check();
    await scaling.getByRole('spinbutton', { name: 'Minimum replicas' }).fill('1');
    await scaling.getByRole('spinbutton', { name: 'Maximum replicas' }).fill('3');
    // A low threshold: the simulated load crosses it soon, and the autoscaler adds replicas.
    await scaling.getByRole('spinbutton', { name: 'CPU threshold (%)' }).fill('30');
    await addresses.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await captureScreens(page, 'container-details-new');
    await form.getByRole('button', { name: 'Create container' }).click();
    await expect(page).toHaveURL(`${base}/container/web/overview`);
  });

  await test.step('the overview counts what the autoscaler wants, and never more available than that', async () => {
    await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    // The overview follows the counts on its own while the container autoscales.
    let scaledUp = false;
    await expect
      .poll(
        async () => {
          const counts = await replicaCounts(replicasFact);
          expect(counts.available).toBeLessThanOrEqual(counts.desired);
          scaledUp ||= counts.desired >= 2;
          return scaledUp && counts.available >= 2;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(true);
    // At once, while scaled up (the simulated load falls again within seconds).
    await page.screenshot({
      path: 'test-results/screens/container-details-scaled-up-desktop-light.png',
      fullPage: true,
    });
    await expectAccessible(page);
    await captureScreens(page, 'container-details-autoscaled');
  });

  await test.step('each address opens in a new tab; the custom domain shows its DNS record', async () => {
    const open = overviewAddresses.getByRole('link', { name: `Open https://${defaultHost} in a new tab` });
    await expect(open).toHaveAttribute('href', `https://${defaultHost}`);
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    // The container answers in the new tab (stood in for: nothing listens on the simulated address).
    await page
      .context()
      .route(`https://${defaultHost}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>web</title>Welcome to nginx' }),
      );
    const popup = page.waitForEvent('popup');
    await open.click();
    const tab = await popup;
    await expect(tab.getByText('Welcome to nginx')).toBeVisible();
    expect(tab.url()).toBe(`https://${defaultHost}/`);
    await tab.close();
    const custom = overviewAddresses.getByRole('row', { name: /www\.details\.example\.com/ });
    await expect(
      custom.getByRole('link', { name: 'Open https://www.details.example.com in a new tab' }),
    ).toBeVisible();
    await expect(custom.getByText(`www.details.example.com CNAME ${defaultHost}`)).toBeVisible();
    const own = overviewAddresses.getByRole('row', {
      name: new RegExp(`^${defaultHost.replaceAll('.', '\\.')}`),
    });
    await expect(own.getByText(/CNAME/)).toHaveCount(0);
  });

  await test.step('the list shows the counts with the range', async () => {
    await page.goto(`${base}/containers`);
    // Available of desired, and the range on a line of its own.
    await expect(
      page
        .getByRole('row', { name: /web/ })
        .getByRole('cell', { name: /^\d of \d available autoscaling 1–3$/ }),
    ).toBeVisible();
    // The smallest size, 170 cents a month in the server's price list, for 1 to 3 replicas.
    await expect(
      page.getByRole('row', { name: /web/ }).getByRole('cell', { name: '€1.70–€5.10', exact: true }),
    ).toBeVisible();
    await captureScreens(page, 'container-details-list');
  });

  await test.step('a rolling update shows each replica image', async () => {
    // From the most replicas: a rollout of one replica is mixed for about a second, less than the page's
    // refresh, and could pass unseen.
    await page.goto(`${base}/container/web/overview`);
    await expect
      .poll(async () => (await replicaCounts(replicasFact)).available, { timeout: 60_000, intervals: [1000] })
      .toBe(3);
    await page.goto(`${base}/container/web/configure`);
    const form = page.getByRole('form', { name: 'Configure container' });
    await form.getByRole('textbox', { name: 'Image' }).fill('nginx:1.28');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`${base}/container/web/overview`);
    // Halfway: new replicas run the new image beside old ones on the previous one.
    await expect(replicas.getByRole('columnheader', { name: 'Image' })).toBeVisible();
    await expect(replicas.getByRole('cell', { name: 'nginx:1.28', exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(replicas.getByRole('cell', { name: 'nginx:1.27', exact: true }).first()).toBeVisible();
    const counts = await replicaCounts(replicasFact);
    expect(counts.available).toBeLessThanOrEqual(counts.desired);
    await page.screenshot({
      path: 'test-results/screens/container-details-rolling-desktop-light.png',
      fullPage: true,
    });
    // Done: every replica runs the new image, and the table no longer names it.
    await expect(replicas.getByRole('columnheader', { name: 'Image' })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 }).getByText('running', { exact: true })).toBeVisible();
  });

  await test.step('job runs say whether the schedule or someone started them', async () => {
    await platformRequest(
      page,
      `mutation Job { containerJobCreate(scheduledJob: {
        name: "tick", namespace: "details", image: "busybox", resources: CPU_250_RAM_500, schedule: "* * * * *"
      }) { name } }`,
    );
    await page.goto(`${base}/container-job/tick/overview`);
    await expect(page.getByRole('heading', { level: 1 }).getByText('created', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Run now' }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    // Each run's name, with what started it under it.
    await expect(
      runs.getByRole('row', { name: /tick-manual-/ }).getByRole('cell', { name: /^tick-manual-\w+ Manual$/ }),
    ).toBeVisible();
    // The schedule starts one within the minute.
    await expect
      .poll(() => jobRunTriggers(page), { timeout: 75_000, intervals: [2000] })
      .toContain('SCHEDULE');
    await page.reload();
    await expect(
      runs.getByRole('row', { name: /tick-\d+/ }).getByRole('cell', { name: /^tick-\d+ Scheduled$/ }),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-details-job-runs');
  });
});
