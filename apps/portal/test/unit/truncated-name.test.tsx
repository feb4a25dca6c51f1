import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { TruncatedName } from '../../src/components/truncated-name.tsx';
import { renderWithProviders } from '../support/render.tsx';

// jsdom lays nothing out: here a name's text is 8 px a character in a 200 px space, so names of more than 25
// characters are cut.
const widths = {
  scrollWidth(this: HTMLElement) {
    return (this.textContent?.length ?? 0) * 8;
  },
  clientWidth() {
    return 200;
  },
};
const original = Object.fromEntries(
  Object.keys(widths).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]),
);

beforeEach(() => {
  for (const [key, get] of Object.entries(widths)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get });
  }
});

afterEach(() => {
  for (const [key, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
});

const longName = 'analytics-pipeline-production-eu-west';

describe('TruncatedName', () => {
  test('a cut name shows whole in a tooltip on hover', async () => {
    const { user } = renderWithProviders(<TruncatedName name={longName} />);
    const name = await screen.findByText(longName);
    expect(name).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' });

    await user.hover(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
    await user.unhover(name);
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  test('a cut name takes keyboard focus to show its tooltip', async () => {
    const { user } = renderWithProviders(<TruncatedName name={longName} />);
    const name = await screen.findByText(longName);
    await user.tab();
    expect(name).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
  });

  test('a name that fits has no tooltip and no tab stop', async () => {
    const { user } = renderWithProviders(<TruncatedName name="web" />);
    const name = await screen.findByText('web');
    expect(name).not.toHaveAttribute('tabindex');
    await user.hover(name);
    await user.tab();
    expect(document.body).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  test('as a link, the link itself shows the tooltip on focus', async () => {
    const { user } = renderWithProviders(
      <TruncatedName
        name={longName}
        link={{ to: '/compute/serverless-containers/$namespaceName', params: { namespaceName: longName } }}
      />,
    );
    const link = await screen.findByRole('link', { name: longName });
    expect(link).toHaveAttribute('href', `/compute/serverless-containers/${longName}`);
    await user.tab();
    expect(link).toHaveFocus();
    expect(within(await screen.findByRole('tooltip')).getByText(longName)).toBeInTheDocument();
  });
});
