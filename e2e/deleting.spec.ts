import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import {
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import { captureDialog } from './support/screens.ts';

// Deleting (issue 12): a dialog says what is at stake before it asks for a name, and asks only what the
// platform will do. A volume or registry in use names its users; a namespace lists what it holds and is
// deleted with all of it in one confirmation.

/** A registry, a volume, two containers and a job in `namespace`, the volume mounted by a container and the job. */
async function fillNamespace(page: Page, namespace: string): Promise<void> {
  await platformRequest(
    page,
    `mutation ($input: RegistryCreateInput!) { registryConnectionCreate(registryInput: $input) { name } }`,
    {
      input: {
        namespace,
        name: 'acme',
        source: 'registry.example.com',
        username: 'robot',
        password: 'registry-token',
        // No registry answers in the tests: added without signing in to it.
        verify: false,
      },
    },
  );
  await platformRequest(
    page,
    `mutation ($input: VolumeCreateInput!) { volumeCreate(volumeInput: $input) { name } }`,
    { input: { namespace, name: 'files', size: 1 } },
  );
  // A volume is mounted once it has been created.
  await waitUntilSettled(page, namespace);
  const mount = { path: '/data', volume: { name: 'files', autoCreate: false } };
  await platformRequest(
    page,
    `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
    {
      input: {
        namespace,
        name: 'web',
        image: 'registry.example.com/acme/web:1.0',
        registry: 'acme',
        mounts: [mount],
      },
    },
  );
  await platformRequest(
    page,
    `mutation ($input: ContainerCreateInput!) { containerCreate(containerInput: $input) { name } }`,
    { input: { namespace, name: 'api', image: 'nginx:1.27' } },
  );
  await platformRequest(
    page,
    `mutation ($input: ContainerJobCreateInput!) { containerJobCreate(scheduledJob: $input) { name } }`,
    {
      input: {
        namespace,
        name: 'nightly',
        image: 'busybox:1.36',
        resources: 'CPU_250_RAM_500',
        schedule: '0 3 * * *',
        mounts: [mount],
      },
    },
  );
}

test('a customer sees what uses a volume and what a namespace holds, then deletes the namespace with everything in it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const customer = await createCustomer('deleting', 'Dee Deleting');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  // Every JavaScript file the portal loads, to see when the confirmation's code arrives.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const confirmationLoaded = () => scripts.some((path) => /\/confirm-dialog-[\w-]+\.js$/.test(path));

  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'teardown');
  const base = `${namespacesPath}/teardown`;

  await test.step('fill the namespace', async () => {
    await fillNamespace(page, 'teardown');
    await waitUntilSettled(page, 'teardown');
  });

  await test.step('a volume in use names its users as links and asks nothing', async () => {
    await page.goto(`${base}/volumes`);
    const row = page.getByRole('row', { name: /files/ });
    await expect(row).toContainText('web, nightly');
    // The list screen came without the confirmation's code: it arrives with the first press.
    expect(confirmationLoaded()).toBe(false);
    const dialog = page.getByRole('dialog', { name: 'Delete volume files?' });
    const open = async () => {
      await row.getByRole('button', { name: 'Delete volume files' }).click();
      await expect(dialog.getByText('files is mounted by:')).toBeVisible();
      return dialog;
    };
    await open();
    expect(confirmationLoaded()).toBe(true);
    await expect(dialog.getByRole('listitem')).toHaveText(['1 container: web', '1 container job: nightly']);
    await expect(dialog.getByRole('link', { name: 'web' })).toHaveAttribute('href', `${base}/container/web`);
    await expect(dialog.getByRole('link', { name: 'nightly' })).toHaveAttribute(
      'href',
      `${base}/container-job/nightly`,
    );
    await expect(dialog.getByRole('alert')).toContainText('A volume can be deleted once nothing mounts it');
    // The platform would refuse: nothing to type, nothing to confirm.
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete volume' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await captureDialog(page, 'delete-volume-in-use', open);

    // A name leads to its page, and the dialog is gone.
    await open();
    await dialog.getByRole('link', { name: 'web' }).click();
    await expect(page).toHaveURL(`${base}/container/web/overview`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('a registry in use names its users too', async () => {
    await page.goto(`${base}/registries`);
    const row = page.getByRole('row', { name: /acme/ });
    await row.getByRole('button', { name: 'Delete registry acme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete registry acme?' });
    await expect(dialog.getByText('acme is used by:')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'web' })).toHaveAttribute('href', `${base}/container/web`);
    await expect(dialog.getByRole('button', { name: 'Delete registry' })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the namespace lists what it holds before asking, and is deleted with all of it', async () => {
    await page.goto(`${base}/containers`);
    const dialog = page.getByRole('dialog', { name: 'Delete namespace teardown?' });
    const everything = dialog.getByRole('checkbox', { name: 'Delete everything in it too' });
    const open = async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(everything).toBeVisible();
      return dialog;
    };
    await open();
    await expect(dialog.getByText('teardown holds:')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([
      /^2 containers: (web, api|api, web)$/,
      '1 container job: nightly',
      '1 registry: acme',
      '1 volume: files',
    ]);
    await expect(dialog.getByRole('link', { name: 'api' })).toHaveAttribute('href', `${base}/container/api`);
    await expect(dialog.getByRole('link', { name: 'files' })).toHaveAttribute('href', `${base}/volumes`);
    // Not emptied and not chosen: the platform would refuse, so it says so instead of asking for the name.
    await expect(dialog.getByRole('alert')).toHaveText(
      'A namespace must be empty before it is deleted. Choose to delete everything in it, or delete what it holds first.',
    );
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete namespace' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await captureDialog(page, 'delete-namespace-contents', open);
    await captureDialog(page, 'delete-namespace-everything', async () => {
      await open();
      await everything.check();
      await dialog.getByRole('textbox', { name: 'Type teardown to confirm' }).fill('teardown');
      return dialog;
    });

    const sent = recordMutations(page, 'NamespaceDelete');
    await open();
    await everything.check();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const confirm = dialog.getByRole('button', { name: 'Delete namespace and everything in it' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type teardown to confirm' }).fill('teardown');
    await confirm.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your namespace is being deleted' }),
    ).toBeVisible();
    expect(sent).toEqual([{ name: 'teardown', deleteResources: true }]);
  });

  await test.step('the list follows the namespace until it is gone', async () => {
    await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));
    const row = page.getByRole('row', { name: /teardown/ });
    await expect(row.getByText('being deleted')).toBeVisible();
    await expectAccessible(page);
    // The platform deletes the contents first, then the namespace; the list keeps refreshing meanwhile.
    await expect(page.getByRole('heading', { name: 'No namespaces yet' })).toBeVisible({ timeout: 90_000 });
  });
});
