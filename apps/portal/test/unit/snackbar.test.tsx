import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeSnackbar,
  showSnackbar,
  snackbarTimeoutMs,
  useSnackbarMessage,
} from '../../src/components/snackbar/snackbar-store.ts';
import { renderWithProviders } from '../support/render.tsx';

// The app's providers hold the snack bar's host.
async function renderHost() {
  renderWithProviders(<main>Page</main>);
  await screen.findByText('Page');
}

function CurrentId({ onId }: { onId: (id: number | undefined) => void }) {
  onId(useSnackbarMessage()?.id);
  return null;
}

afterEach(() => {
  let id: number | undefined;
  render(<CurrentId onId={(value) => (id = value)} />);
  if (id !== undefined) act(() => closeSnackbar(id as number));
  vi.useRealTimers();
});

describe('snack bar', () => {
  it('shows a message in the default secondary colour as a status', async () => {
    await renderHost();
    act(() => showSnackbar('Saved'));
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Saved');
    expect(message).toHaveAttribute('data-color', 'secondary');
  });

  it('announces errors and warnings as alerts in their own colours', async () => {
    await renderHost();
    act(() => showSnackbar('Something went wrong, try again later!', 'warning'));
    expect(await screen.findByRole('alert')).toHaveAttribute('data-color', 'warning');
    act(() => showSnackbar("namespace 'web' already exists", 'error'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("namespace 'web' already exists"),
    );
    expect(screen.getByRole('alert')).toHaveAttribute('data-color', 'error');
  });

  it('closes by itself after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderHost();
    act(() => showSnackbar('Your namespace is being deleted', 'success'));
    await screen.findByText('Your namespace is being deleted');
    act(() => vi.advanceTimersByTime(snackbarTimeoutMs - 100));
    expect(screen.getByText('Your namespace is being deleted')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Your namespace is being deleted')).not.toBeInTheDocument();
  });

  it('can be closed with its close button', async () => {
    await renderHost();
    act(() => showSnackbar('Saved', 'success'));
    await userEvent.click(await screen.findByRole('button', { name: 'Close message' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
