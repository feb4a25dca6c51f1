import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { priceList, priceListFails } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';
import { JobForm, type JobFormProps } from '../../src/features/container-jobs/components/job-form.tsx';
import {
  toJobCreateInput,
  toJobFormValues,
  toJobModifyInput,
  type ConfigurableJob,
} from '../../src/features/container-jobs/components/job-input.ts';
import {
  defaultJobValues,
  type JobFormValues,
} from '../../src/features/container-jobs/components/job-schema.ts';

const job: ConfigurableJob = {
  name: 'nightly-report',
  image: 'ghcr.io/acme/report:3',
  privateRegistry: null,
  resources: 'CPU_250_RAM_500',
  entrypoint: null,
  command: ['sh', '-c', 'make report'],
  schedule: '0 4 * * 1',
  enabled: true,
  timeoutSeconds: null,
  retries: 0,
  environmentVariables: [
    { name: 'MODE', value: 'full', secret: false },
    { name: 'TOKEN', value: null, secret: true },
  ],
  mounts: [{ path: '/reports', volume: { name: 'reports' } }],
};

async function renderForm(props: Partial<JobFormProps> = {}) {
  const onSubmit = vi.fn<(values: JobFormValues) => Promise<unknown>>().mockResolvedValue(undefined);
  const { user } = renderWithProviders(
    <JobForm
      mode="create"
      initialValues={defaultJobValues}
      registries={[]}
      volumes={[{ name: 'reports', size: 5 }]}
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      {...props}
    />,
  );
  await screen.findByRole('form');
  return { onSubmit, user };
}

/** What the form submitted last. */
function submitted(onSubmit: Awaited<ReturnType<typeof renderForm>>['onSubmit']): JobFormValues {
  const [values] = onSubmit.mock.lastCall ?? [];
  if (!values) throw new Error('the form submitted nothing');
  return values;
}

const schedule = () => screen.getByRole('region', { name: 'Schedule' });
const expression = () => within(schedule()).getByRole('textbox', { name: 'Cron expression' });

/** Replaces the expression as a customer pasting one would (typing it out makes the editor redraw per key). */
async function enterExpression(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(expression());
  await user.paste(text);
}

describe('container job form', () => {
  it('shows the price of an hour of a run of the chosen size', async () => {
    server.use(priceList({ sizes: { CPU_250_RAM_500: 170, CPU_4000_RAM_16000: 3520 } }));
    const { user } = await renderForm();
    // 170 cents a month over 730 hours: 0.2329 cents, €0.0023 an hour.
    expect(await screen.findByText('€0.0023 per run-hour')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'CPU' }));
    await user.click(screen.getByRole('option', { name: '4 vCPU' }));
    await user.click(screen.getByRole('combobox', { name: 'Memory' }));
    await user.click(screen.getByRole('option', { name: '16 GB' }));
    // 3520 / 730 = 4.8219 cents: €0.0482.
    expect(await screen.findByText('€0.0482 per run-hour')).toBeInTheDocument();
  });

  it('says when the price could not be loaded, and still saves', async () => {
    server.use(priceListFails);
    const { onSubmit, user } = await renderForm({
      initialValues: { ...defaultJobValues, name: 'a', image: 'busybox' },
    });
    expect(await screen.findByText('The price could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it('starts daily at midnight, described in words with the next runs in UTC', async () => {
    await renderForm();
    expect(expression()).toHaveValue('0 0 * * *');
    expect(await within(schedule()).findByText('At 12:00 AM')).toBeInTheDocument();
    expect(
      within(within(schedule()).getByRole('region', { name: 'Next runs (UTC)' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(within(schedule()).getByRole('switch', { name: 'Run on this schedule' })).toBeChecked();
  });

  it('validates inline and sends nothing while something is wrong', async () => {
    const { onSubmit, user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /Image/ }), 'Report');
    expect(await screen.findByText('Image names are lowercase')).toBeInTheDocument();

    await enterExpression(user, '0 25 * * *');
    expect(expression()).toHaveAccessibleDescription('25 is not a valid cron segment (hour)');

    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a variable and a mount row unmarked, focused for typing, and marks them empty once submitted', async () => {
    const { user, onSubmit } = await renderForm({
      initialValues: { ...defaultJobValues, name: 'nightly', image: 'alpine:3' },
    });
    const variables = within(screen.getByRole('region', { name: 'Environment variables' }));
    const mounts = within(screen.getByRole('region', { name: 'Volume mounts' }));
    // Nothing typed yet is nothing wrong yet: each check of a new row has had time to run before looking.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

    await user.click(variables.getByRole('button', { name: 'Add variable' }));
    const variableName = variables.getByRole('textbox', { name: /^Variable name/ });
    await settled();
    expect(variableName).toHaveFocus();
    expect(variableName).toHaveAttribute('aria-invalid', 'false');

    await user.click(mounts.getByRole('button', { name: 'Add mount' }));
    const mountPath = mounts.getByRole('textbox', { name: /^Mount path/ });
    await settled();
    expect(mountPath).toHaveFocus();
    expect(mountPath).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(variableName).toHaveAttribute('aria-invalid', 'true'));
    expect(mountPath).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a timeout in whole seconds up to a day, or none, and a number of retries', async () => {
    const { user, onSubmit } = await renderForm({ initialValues: toJobFormValues(job) });
    const runs = within(screen.getByRole('region', { name: 'Runs' }));
    const timeout = runs.getByRole('textbox', { name: 'Timeout' });
    await user.type(timeout, '90000');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(timeout).toHaveAccessibleDescription(
      'Enter whole seconds from 1 to 86400 (a day), or leave it empty for no limit',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(timeout);
    await user.type(timeout, '3600');
    await user.click(runs.getByRole('combobox', { name: 'Retries' }));
    await user.click(screen.getByRole('option', { name: '2 times' }));
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toJobCreateInput('web', submitted(onSubmit))).toMatchObject({ timeoutSeconds: 3600, retries: 2 });
  });

  it('refuses a schedule that parses but never comes', async () => {
    const { onSubmit, user } = await renderForm({
      initialValues: { ...defaultJobValues, name: 'a', image: 'busybox' },
    });
    await enterExpression(user, '0 0 30 2 *');
    expect(await within(schedule()).findByRole('alert')).toHaveTextContent(
      'This schedule never matches a date',
    );
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await enterExpression(user, '30 2 * * 1-5');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(toJobCreateInput('web', submitted(onSubmit))).toEqual({
      name: 'a',
      namespace: 'web',
      image: 'busybox',
      registry: null,
      resources: 'CPU_250_RAM_500',
      entrypoint: null,
      command: null,
      environmentVariables: [],
      mounts: [],
      schedule: '30 2 * * 1-5',
      enabled: true,
      timeoutSeconds: null,
      retries: 0,
    });
  });

  it('configures: prefilled, saves only after a change, and the patch holds only what changed', async () => {
    const initialValues = toJobFormValues(job);
    const { onSubmit, user } = await renderForm({ mode: 'configure', initialValues });
    expect(screen.getByRole('form', { name: 'Configure container job' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Image' })).getByRole('textbox', { name: /Name/ }),
    ).toBeDisabled();
    expect(expression()).toHaveValue('0 4 * * 1');
    expect(within(schedule()).getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Every week');
    const secret = within(screen.getByRole('group', { name: 'TOKEN' })).getByLabelText('Value');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'Stored, hidden');
    expect(screen.getByRole('textbox', { name: 'Command' })).toHaveValue('sh -c "make report"');

    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await enterExpression(user, '15 6 * * *');
    await user.click(within(schedule()).getByRole('switch', { name: 'Run on this schedule' }));
    await user.click(save);

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(toJobModifyInput('web', initialValues, submitted(onSubmit))).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      schedule: '15 6 * * *',
      enabled: false,
    });
  });

  it('says why saving waits while a change is applied', async () => {
    await renderForm({
      mode: 'configure',
      initialValues: toJobFormValues(job),
      blockedReason: 'A change is being applied to this job.',
    });
    expect(screen.getByText('A change is being applied to this job.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

describe('container job patch (API.md)', () => {
  const initial = toJobFormValues(job);
  const edit = (change: (values: JobFormValues) => JobFormValues) =>
    toJobModifyInput('web', initial, change(structuredClone(initial)));

  it('sends nothing when nothing changed, not even a schedule with other spacing', () => {
    expect(edit((values) => values)).toBeNull();
    expect(edit((values) => ({ ...values, schedule: ' 0 4 * * 1 ' }))).toBeNull();
  });

  it('sends the shared fields as containers do: a removed variable ABSENT, a stored secret only when retyped', () => {
    expect(
      edit((values) => ({
        ...values,
        variables: values.variables.filter((variable) => variable.name !== 'MODE'),
        command: '',
      })),
    ).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      command: null,
      environmentVariables: [{ name: 'MODE', value: 'full', secret: false, state: 'ABSENT' }],
    });
    expect(
      edit((values) => ({
        ...values,
        variables: values.variables.map((variable) =>
          variable.secret ? { ...variable, value: 'rotated' } : variable,
        ),
        mounts: [],
      })),
    ).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      environmentVariables: [{ name: 'TOKEN', value: 'rotated', secret: true }],
      mounts: [{ path: '/reports', volume: { name: 'reports', autoCreate: false }, state: 'ABSENT' }],
    });
  });

  it('sends the timeout and retries only when they changed; an emptied timeout as null, which removes the limit', () => {
    const limited = toJobFormValues({ ...job, timeoutSeconds: 600, retries: 2 });
    const change = (values: JobFormValues) => toJobModifyInput('web', limited, values);
    expect(change({ ...limited, timeout: ' 600 ' })).toBeNull();
    expect(change({ ...limited, timeout: '' })).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      timeoutSeconds: null,
    });
    expect(change({ ...limited, timeout: '900', retries: 0 })).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      timeoutSeconds: 900,
      retries: 0,
    });
  });

  it('sends enabled alone when only the switch changed', () => {
    expect(edit((values) => ({ ...values, enabled: false }))).toEqual({
      name: 'nightly-report',
      namespace: 'web',
      enabled: false,
    });
  });
});
