import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NamespaceForm } from '../../src/features/namespaces/components/namespace-form.tsx';
import { renderWithProviders } from '../support/render.tsx';

async function renderForm() {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const { user } = renderWithProviders(
    <NamespaceForm pending={false} onSubmit={onSubmit} onCancel={() => undefined} />,
  );
  return { onSubmit, user, name: await screen.findByRole('textbox', { name: /name/i }) };
}

describe('namespace form', () => {
  it.each([
    ['Web', 'Start with a lowercase letter'],
    ['1web', 'Start with a lowercase letter'],
    ['web_app', 'Use only lowercase letters, digits and hyphens'],
    ['web-', 'End with a letter or a digit'],
    [`w${'a'.repeat(63)}`, 'Use at most 63 characters'],
  ])('rejects %s while typing: %s', async (value, message) => {
    const { name, user } = await renderForm();
    await user.type(name, value);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing while the name is invalid', async () => {
    const { name, onSubmit, user } = await renderForm();
    await user.type(name, 'Bad Name');
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));
    await screen.findByText('Start with a lowercase letter');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a name when submitted empty', async () => {
    const { onSubmit, user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid name with the trimmed description, using Enter from the keyboard', async () => {
    const { name, onSubmit, user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '  Shop front  ');
    await user.type(name, `a${'b'.repeat(61)}9{Enter}`);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: `a${'b'.repeat(61)}9`, description: 'Shop front' });
  });
});
