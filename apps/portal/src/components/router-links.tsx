import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import MuiLink from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

// MUI components that navigate with the router: typed `to`/`params`, real <a href> for keyboard and
// middle-click, and client-side navigation on click.
export const ButtonLink = createLink(Button);
export const TextLink = createLink(MuiLink);
export const ListItemLink = createLink(ListItemButton);
