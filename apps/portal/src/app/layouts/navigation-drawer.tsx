import Drawer from '@mui/material/Drawer';
import { Navigation } from './navigation.tsx';

/** The navigation as a temporary drawer, for screens below 960 px; loaded only there. */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: 280 } }}>
      <Navigation onNavigate={onClose} />
    </Drawer>
  );
}
