import { screen, waitFor } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAction } from '../../src/components/delete-action.tsx';
import { renderWithProviders } from '../support/render.tsx';

// The confirmation's code arrives on demand: here it is held back until the test lets it through.
const arrival = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<true>((resolve) => (release = () => resolve(true)));
  return { arrived, release: () => release() };
});
vi.mock('../../src/components/confirm-dialog.tsx', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

function DeleteThing() {
  const mutation = useMutation({ mutationFn: () => Promise.resolve(true) });
  return (
    <DeleteAction
      kind="volume"
      name="data"
      mutation={mutation}
      variables={undefined}
      description="The volume and all data on it are removed."
      successMessage="Volume data is being deleted"
      disabled={false}
      trigger="button"
      typeToConfirm
    />
  );
}

describe('delete action', () => {
  it('says it is busy while the confirmation loads, keeping the focus, then opens it', async () => {
    const { user } = renderWithProviders(<DeleteThing />);
    const trigger = await screen.findByRole('button', { name: 'Delete' });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-busy', 'true');
    expect(trigger).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A second press while it loads opens nothing twice.
    await user.click(trigger);

    arrival.release();
    const dialog = await screen.findByRole('dialog', { name: 'Delete volume data?' });
    expect(dialog).toHaveTextContent('The volume and all data on it are removed.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'));
  });
});
