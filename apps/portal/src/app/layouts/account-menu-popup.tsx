import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { mdiAccountCircleOutline, mdiCreditCardOutline, mdiLogout } from '@mdi/js';
import { createLink } from '@tanstack/react-router';
import CircularProgress from '@mui/material/CircularProgress';
import { session } from '../../lib/auth/session.ts';
import { useOpenHostedPage } from '../../components/subscription/on-demand.ts';

const MenuItemLink = createLink(MenuItem);

interface AccountMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  name: string;
  email: string;
  onClose: () => void;
}

/** The opened account menu; loaded on first use, it is not part of the first screen. */
export function AccountMenuPopup({ id, anchor, name, email, onClose }: AccountMenuPopupProps) {
  const billingDetails = useOpenHostedPage();
  const leaving = billingDetails.isPending || billingDetails.isSuccess;
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 300 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      </Box>
      <Divider />
      <MenuItemLink to="/account" onClick={onClose}>
        <ListItemIcon>
          <MdiIcon path={mdiAccountCircleOutline} fontSize="small" />
        </ListItemIcon>
        Account
      </MenuItemLink>
      <MenuItem
        // Kept enabled while busy so focus stays on it; a second press does nothing.
        aria-busy={leaving}
        onClick={() => {
          if (!leaving) billingDetails.mutate({ path: '/information/update' });
        }}
      >
        <ListItemIcon>
          {leaving ? (
            <CircularProgress size={20} aria-hidden />
          ) : (
            <MdiIcon path={mdiCreditCardOutline} fontSize="small" />
          )}
        </ListItemIcon>
        Update billing details
      </MenuItem>
      <MenuItem onClick={() => void session.signOut()}>
        <ListItemIcon>
          <MdiIcon path={mdiLogout} fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}
