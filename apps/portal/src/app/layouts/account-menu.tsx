import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useAccount } from '../../lib/auth/queries.ts';

const AccountMenuPopup = lazy(() =>
  import('./account-menu-popup.tsx').then((module) => ({ default: module.AccountMenuPopup })),
);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The signed-in customer's initials; opens name, email, billing details and sign-out. */
export function AccountMenu() {
  const account = useAccount().data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const menuId = useId();
  if (!account) return null;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account of ${account.name}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setEverOpened(true);
        }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontSize: '0.9rem',
            fontWeight: 600,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          {initials(account.name) || '?'}
        </Box>
      </IconButton>
      {/* Kept mounted after the first opening so the closing transition can play. */}
      {everOpened && (
        <Suspense>
          <AccountMenuPopup
            id={menuId}
            anchor={anchor}
            name={account.name}
            email={account.email}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
