import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { useColorMode } from '../../src/lib/color-mode.ts';
import { renderWithProviders } from '../support/render.tsx';

function Switch() {
  const { mode, toggle } = useColorMode();
  return <button onClick={toggle}>{mode}</button>;
}

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('the colour mode', () => {
  test('keeps the loading screen’s theme marker in step, so a dark page background does not outlive a switch to light', async () => {
    // As public/boot.js leaves it after a reload in the dark theme.
    window.localStorage.setItem('berth.theme', 'dark');
    document.documentElement.dataset.theme = 'dark';
    const { user } = renderWithProviders(<Switch />);

    await user.click(await screen.findByRole('button', { name: 'dark' }));
    expect(screen.getByRole('button', { name: 'light' })).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('berth.theme')).toBe('light');

    await user.click(screen.getByRole('button', { name: 'light' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
