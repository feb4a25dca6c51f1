import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { productName } from '../router/route-meta.ts';
import { Navigation } from './navigation.tsx';

/** The navigation as a temporary drawer, for screens below 960 px; loaded only there. */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: 280 } }}>
      <Toolbar>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
          {productName}
        </Typography>
      </Toolbar>
      <Navigation onNavigate={onClose} />
    </Drawer>
  );
}
