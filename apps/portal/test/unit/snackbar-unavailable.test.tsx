import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showSnackbar } from '../../src/components/snackbar/snackbar-store.ts';
import { renderWithProviders } from '../support/render.tsx';

// The snack bar's code does not arrive (offline before it was ever needed).
vi.mock('../../src/components/snackbar/snackbar-view.tsx', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

describe('a snack bar whose code does not load', () => {
  it('leaves the page on screen', async () => {
    renderWithProviders(<h1>Create namespace</h1>);
    expect(await screen.findByRole('heading', { name: 'Create namespace' })).toBeVisible();
    act(() => showSnackbar('You are offline: nothing was sent', 'error'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('heading', { name: 'Create namespace' })).toBeVisible();
  });
});
