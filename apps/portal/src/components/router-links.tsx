import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import MuiLink from '@mui/material/Link';
import { createLink, type LinkProps } from '@tanstack/react-router';

// MUI components that navigate with the router: typed `to`/`params`, real <a href> for keyboard and
// middle-click, and client-side navigation on click.
export const ButtonLink = createLink(Button);
export const TextLink = createLink(MuiLink);
export const ListItemLink = createLink(ListItemButton);

/**
 * Where a link goes, for components that take one as a prop: write it with the router's `linkOptions`
 * where the route is known, so `to`, `params` and `search` are checked against the routes there.
 */
export type LinkTarget = Pick<LinkProps, 'to' | 'params' | 'search'>;
