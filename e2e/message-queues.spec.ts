import { expect, test, type Page } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { checkoutPath, payWithCard } from './support/checkout.ts';
import { fact, recordCheckouts } from './support/databases.ts';
import { platformRequest } from './support/platform.ts';
import {
  closeMessage,
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureDialog, captureScreens } from './support/screens.ts';

// Message queues (issue 27): a new customer, without any subscription, creates a RabbitMQ queue (plan picker
// with resources, benchmark and price; the name and allowlist checked as typed) and pays for its plan at the
// checkout, which brings them back to the queue; once it runs, the admin user's AMQP address is revealed and
// copied, its password reset (a new one in the next reveal), the allowlist edited as a patch; the list and
// the namespace's tab show it, and deleting it with the typed confirmation takes it off the list. The server
// runs the simulated driver.

const queuesPath = '/storage/message-queues';
const queuePath = `${queuesPath}/shop/orders`;

interface QueueState {
  state: string;
  locked: boolean;
  unpaidSince: string | null;
  ingress: { allowList: string[] | null };
}

/** What the platform says of the queue shop/orders. */
async function queueState(page: Page): Promise<QueueState> {
  const data = await platformRequest<{ messageQueue: QueueState }>(
    page,
    `{ messageQueue(messageQueue: { namespace: "shop", name: "orders" }) {
      state locked unpaidSince ingress { allowList }
    } }`,
  );
  return data.messageQueue;
}

/** Copies with the button named `label` and returns what the clipboard then holds. */
async function copy(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: label }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('a customer creates a message queue, pays for it, reveals and resets its password, edits its allowlist, and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = await createCustomer('queues', 'Quinn Queue');
  const heading = page.getByRole('heading', { level: 1 });
  const checkouts = recordCheckouts(page);
  const created = recordMutations(page, 'MessageQueueCreate');
  const modified = recordMutations(page, 'MessageQueueModify');
  const passwordChanges = recordMutations(page, 'MessageQueueUserModify');

  await test.step('the list needs no subscription, and has no queue yet', async () => {
    await openSignedIn(page, queuesPath, customer);
    await expect(heading).toHaveText('Message queues');
    await expect(page.getByRole('heading', { name: 'No message queues yet' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Message queues' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  await test.step('a namespace for the queue', async () => {
    await createNamespace(page, 'shop');
  });

  const form = page.getByRole('form', { name: 'New message queue' });

  await test.step('the create form offers plans with what they give and cost, and checks what is typed', async () => {
    await page.goto(queuesPath);
    await page.getByRole('link', { name: 'Create a message queue' }).click();
    await expect(page).toHaveURL(`${queuesPath}/new`);
    await expect(heading).toHaveText('Create a message queue');

    // The one namespace is chosen already; the newest version too.
    await expect(form.getByRole('combobox', { name: 'Namespace' })).toHaveValue('shop');
    await expect(form.getByRole('combobox', { name: 'RabbitMQ version' })).toHaveValue('4.1');
    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Orders');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Start with a lowercase letter');
    await name.fill('orders');
    await expect(name).toHaveAttribute('aria-invalid', 'false');

    const smallest = form.getByRole('radio', { name: /^Extra small(?!, high)/ });
    await expect(smallest).toHaveAccessibleDescription(
      /^0\.5 vCPU · 1 GB memory · 5 GB storage · 1 replica [\d,.]+ connections · [\d,.]+–[\d,.]+ messages\/s €8\.00 per month$/,
    );
    await smallest.check();
    await expect(form.getByText('€8.00 per month for Extra small')).toBeVisible();

    const allowlist = form.getByRole('textbox', { name: 'Allowed IP addresses' });
    await allowlist.fill('203.0.113.7, 10.0.0.300');
    await expect(allowlist).toHaveAccessibleDescription(
      '10.0.0.300 is not an IP address or CIDR range, such as 203.0.113.0/24',
    );
    await form.getByRole('button', { name: 'Create queue' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'needs attention' })).toHaveText(
      '1 field needs attention',
    );
    await expect(allowlist).toBeFocused();
    expect(created).toEqual([]);
    await allowlist.fill('203.0.113.7');
    await expect(allowlist).toHaveAttribute('aria-invalid', 'false');

    await expect(form.getByRole('switch', { name: 'Pay for this queue now' })).toBeChecked();
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await captureScreens(page, 'message-queue-create');
  });

  await test.step('created, the checkout of its plan is paid and brings the customer back to the queue', async () => {
    await form.getByRole('button', { name: 'Create queue' }).click();
    await expect(page).toHaveURL(checkoutPath);
    expect(checkouts).toEqual(['mq-xs-1']);
    expect(created).toEqual([
      {
        input: {
          namespace: 'shop',
          name: 'orders',
          plan: 'mq-xs-1',
          spec: { type: 'rabbitmq', version: '4.1' },
          allowList: [{ ip: '203.0.113.7', state: 'PRESENT' }],
        },
      },
    ]);
    await payWithCard(page, '€8.00', customer.name);

    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription request has been received.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(queuePath);
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Unpaid plan' })).toHaveCount(0);
    expect((await queueState(page)).unpaidSince).toBeNull();
  });

  const admin = page.getByRole('region', { name: 'Admin user' });
  const revealed = admin.getByRole('group', { name: 'How to connect as admin' });
  const resetPassword = admin.getByRole('button', { name: 'Reset password of admin' });
  let dsnPattern = /^$/;
  let firstDsn = '';

  await test.step('the page shows the plan, and how to connect without the password', async () => {
    await expect(page.getByText('Message queue in shop')).toBeVisible();
    await expect(fact(page, 'Plan')).toHaveText('Extra small (Development)');
    await expect(fact(page, 'Replicas')).toHaveText('1');
    await expect(fact(page, 'Price')).toHaveText('€8.00 per month');
    const host = (await fact(page, 'Host').textContent()) ?? '';
    const port = (await fact(page, 'AMQP port').textContent()) ?? '';
    expect(host).toMatch(/^[\w.-]+$/);
    expect(port).toMatch(/^567[12]$/);
    const address = await copy(page, 'Copy AMQP address');
    expect(address).toMatch(new RegExp(`^amqps?://admin@${host.replaceAll('.', '\\.')}:${port}/[\\w.%-]+$`));
    await expect(fact(page, 'AMQP address')).toHaveText(address);
    await expect(fact(page, 'Management').getByRole('link').first()).toHaveAttribute('href', /^https?:\/\//);
    dsnPattern = new RegExp(`^amqps?://admin:([^@/]+)@${host.replaceAll('.', '\\.')}:${port}/[\\w.%-]+$`);
  });

  await test.step('Reveal shows the AMQP address with the password, which is copied', async () => {
    await admin.getByRole('button', { name: 'Reveal AMQP address' }).click();
    firstDsn = await copy(page, 'Copy AMQP address of admin');
    expect(firstDsn).toMatch(dsnPattern);
    await expect(revealed.getByText(firstDsn, { exact: true })).toBeVisible();
    await expect(revealed.getByRole('heading', { name: 'Node.js (amqplib)' })).toBeVisible();
  });

  await test.step('Reset password gives admin a new one, shown by the next reveal', async () => {
    const dialog = page.getByRole('dialog', { name: 'Reset password of admin?' });
    await captureDialog(page, 'message-queue-reset-password', async () => {
      await resetPassword.click();
      await expect(dialog.getByText(/the current one stops working/)).toBeVisible();
      return dialog;
    });
    expect(passwordChanges).toEqual([]);
    await resetPassword.click();
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'admin has a new password: reveal the AMQP address to see it' }),
    ).toBeVisible();
    expect(passwordChanges).toEqual([
      {
        input: {
          cluster: { namespace: 'shop', name: 'orders' },
          user: { name: 'admin', password: null, permissions: [] },
        },
      },
    ]);
    // The old password is gone from the page; the reveal is offered, focused.
    await expect(revealed).toHaveCount(0);
    const reveal = admin.getByRole('button', { name: 'Reveal AMQP address' });
    await expect(reveal).toBeFocused();
    await expect(resetPassword).toBeEnabled({ timeout: 60_000 });

    await reveal.click();
    const secondDsn = await copy(page, 'Copy AMQP address of admin');
    expect(secondDsn).toMatch(dsnPattern);
    expect(secondDsn.match(dsnPattern)?.[1]).not.toBe(firstDsn.match(dsnPattern)?.[1]);
    await admin.getByRole('button', { name: 'Hide AMQP address' }).click();
    await expect(revealed).toHaveCount(0);
  });

  await test.step('the allowlist is edited and saved as a patch of what changed', async () => {
    const allowlist = page.getByRole('region', { name: 'Allowed IP addresses' });
    const entries = allowlist.getByRole('list', { name: 'Allowed addresses' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('203.0.113.7');

    const entry = allowlist.getByRole('textbox', { name: 'IP address or CIDR range' });
    await entry.fill('10.0.0.0/33');
    await entry.press('Enter');
    await expect(entry).toHaveAccessibleDescription('10.0.0.0/33: the prefix length must be 0 to 32');
    await entry.fill('10.0.0.0/8');
    await entry.press('Enter');
    await expect(entry).toHaveValue('');
    await allowlist.getByRole('button', { name: 'Remove 203.0.113.7' }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('10.0.0.0/8');
    await allowlist.getByRole('button', { name: 'Save allowlist' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'The allowlist is being changed' }),
    ).toBeVisible();
    expect(modified).toEqual([
      {
        input: {
          namespace: 'shop',
          name: 'orders',
          allowList: [
            { ip: '10.0.0.0/8', state: 'PRESENT' },
            { ip: '203.0.113.7', state: 'ABSENT' },
          ],
        },
      },
    ]);
    await expect(resetPassword).toBeEnabled({ timeout: 60_000 });
    await expect(allowlist.getByText('not saved')).toHaveCount(0);
    await expect
      .poll(async () => (await queueState(page)).ingress.allowList, { timeout: 30_000 })
      .toEqual(['10.0.0.0/8']);
    const events = page.getByRole('list', { name: 'Events' });
    await expect(events.getByRole('listitem').first()).toBeVisible();

    await closeMessage(page, 'The allowlist is being changed');
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page);
    await captureScreens(page, 'message-queue-details');
  });

  await test.step('the list and the namespace’s tab show the queue', async () => {
    await page.goto(queuesPath);
    const queues = page.getByRole('table', { name: 'Message queues' });
    await expect(queues.getByRole('row').filter({ hasText: 'orders' }).getByRole('cell')).toHaveText([
      'orders',
      'shop',
      'RabbitMQ 4.1',
      'Extra small',
      'running',
      '€8.00',
    ]);
    await expect(queues.getByRole('link', { name: 'orders' })).toHaveAttribute('href', queuePath);
    await expectAccessible(page);
    await captureScreens(page, 'message-queues-list');

    await page.goto(`${namespacesPath}/shop/containers`);
    await page.getByRole('tab', { name: 'Message queues' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/shop/message-queues`);
    await expect(
      page
        .getByRole('table', { name: 'Message queues' })
        .getByRole('row')
        .filter({ hasText: 'orders' })
        .getByRole('cell'),
    ).toHaveText(['orders', 'RabbitMQ 4.1', 'Extra small', 'running', '€8.00']);
    await expect(page.getByRole('link', { name: 'Create a message queue' })).toHaveAttribute(
      'href',
      `${queuesPath}/new?namespace=shop`,
    );
  });

  await test.step('deleting the queue asks for its name and takes it off the list', async () => {
    await page.getByRole('link', { name: 'orders' }).click();
    await expect(page).toHaveURL(queuePath);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete message queue orders?' });
    const confirm = dialog.getByRole('button', { name: 'Delete message queue' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type orders to confirm' }).fill('orders');
    await confirm.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Message queue orders is being deleted' }),
    ).toBeVisible();
    await expect(page).toHaveURL(queuesPath);
    await expect(page.getByRole('heading', { name: 'No message queues yet' })).toBeVisible({
      timeout: 60_000,
    });
    const remaining = await platformRequest<{ messageQueues: { name: string }[] }>(
      page,
      '{ messageQueues { name } }',
    );
    expect(remaining.messageQueues).toEqual([]);
  });
});
