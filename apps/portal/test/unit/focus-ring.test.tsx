import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, test } from 'vitest';
import { createAppTheme } from '../../src/app/theme/create-app-theme.ts';
import { themeTokens } from '../../src/app/theme/tokens.ts';

// One of each kind of control the portal uses, in the order Tab reaches them.
function Controls() {
  return (
    <>
      <AppBar position="static">
        <IconButton aria-label="Menu" color="inherit">
          ☰
        </IconButton>
      </AppBar>
      <Button variant="contained">Create</Button>
      <IconButton aria-label="Copy">⧉</IconButton>
      <Link href="/somewhere">A link</Link>
      <FormControlLabel control={<Checkbox />} label="A checkbox" />
      <FormControlLabel control={<Switch />} label="A switch" />
      <Chip label="A chip" onClick={() => undefined} />
      <Tabs value={0} aria-label="Sections">
        <Tab label="First" />
        <Tab label="Second" />
      </Tabs>
      <MenuList>
        <MenuItem>An option</MenuItem>
      </MenuList>
    </>
  );
}

const controls = [
  'Menu',
  'Create',
  'Copy',
  'A link',
  'A checkbox',
  'A switch',
  'A chip',
  'First',
  'An option',
];

/** The element that shows keyboard focus: MUI marks the control's root, around a focused input. */
function focusShown(): Element {
  const focused = document.activeElement;
  const root = focused?.closest('.Mui-focusVisible');
  if (!root) throw new Error(`nothing shows focus on ${focused?.outerHTML.slice(0, 80)}`);
  return root;
}

describe.each(['light', 'dark'] as const)('the focus ring in the %s theme', (mode) => {
  test('every control the keyboard reaches gets a 2 px ring', async () => {
    render(
      <ThemeProvider theme={createAppTheme(mode)}>
        <Controls />
      </ThemeProvider>,
    );
    const user = userEvent.setup();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(getComputedStyle(create).outlineStyle).not.toBe('solid');

    for (const name of controls) {
      await user.tab();
      expect(document.activeElement).toHaveAccessibleName(name);
      const style = getComputedStyle(focusShown());
      // jsdom does not resolve custom properties: their values (colour per fill, offset per list) are checked
      // in the browser (e2e/look-and-feel.spec.ts).
      expect([style.outlineWidth, style.outlineStyle], name).toEqual(['2px', 'solid']);
      expect(style.outlineColor, name).toContain(themeTokens[mode].action);
    }
  });
});
