import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countFieldErrors } from '../../src/components/form/form-error-summary.tsx';
import { JobForm } from '../../src/features/container-jobs/components/job-form.tsx';
import {
  defaultJobValues,
  type JobFormValues,
} from '../../src/features/container-jobs/components/job-schema.ts';
import { renderWithProviders } from '../support/render.tsx';

async function renderJobForm(initialValues: JobFormValues) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const rendered = renderWithProviders(
    <JobForm
      mode="create"
      initialValues={initialValues}
      registries={[]}
      volumes={[]}
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  await screen.findByRole('form');
  return { ...rendered, onSubmit };
}

const summary = () => screen.queryByText(/needs? attention$/);
const cronExpression = () =>
  within(screen.getByRole('region', { name: 'Schedule' })).getByRole('textbox', { name: 'Cron expression' });

describe('a form that fails validation on submit', () => {
  it('focuses the first field in error in page order and says how many need attention', async () => {
    const { user, onSubmit } = await renderJobForm({ ...defaultJobValues, schedule: '0 25 * * *' });
    expect(summary()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await screen.findByText('3 fields need attention')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    // Fixed one by one, the count follows; the next submit goes to the first one left, further down.
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'report');
    await user.type(screen.getByRole('textbox', { name: /^Image/ }), 'busybox');
    expect(await screen.findByText('1 field needs attention')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(cronExpression()).toHaveFocus());

    await user.clear(cronExpression());
    await user.paste('0 2 * * *');
    await waitFor(() => expect(summary()).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });
});

describe('countFieldErrors', () => {
  it('counts each field once, in nested objects and lists', () => {
    expect(
      countFieldErrors({
        name: { type: 'too_small', message: 'Enter a name' },
        environmentVariables: [undefined, { name: { type: 'custom' }, value: { type: 'custom' } }],
        scaling: { cpuTrigger: { type: 'custom', message: 'Choose a trigger' } },
      }),
    ).toBe(4);
    expect(countFieldErrors({})).toBe(0);
  });
});
