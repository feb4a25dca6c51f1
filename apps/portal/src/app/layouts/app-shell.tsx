import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Deferred } from '../../components/deferred.tsx';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { OfflineBanner } from '../../components/network/offline-banner.tsx';
import { QuietBoundary } from '../../components/network/quiet-boundary.tsx';
import { useFetchAhead } from '../../components/network/use-fetch-ahead.ts';
import { mdiMenu, mdiPackageVariantClosed } from '@mdi/js';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { AccessBanner } from '../../features/access/components/access-banner.tsx';
import { useAccountLoad } from '../../lib/auth/queries.ts';
import { productName } from '../router/route-meta.ts';
import { AccountLoading } from './account-loading.tsx';
import { AccountMenu } from './account-menu.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { Navigation } from './navigation.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

const loadNavigationDrawer = () => import('./navigation-drawer.tsx');
const NavigationDrawer = lazy(() =>
  loadNavigationDrawer().then((module) => ({ default: module.NavigationDrawer })),
);

const sidebarWidth = 280;

/**
 * App bar, product navigation and the page. From 960 px the navigation is a fixed sidebar; below, a
 * temporary drawer whose code loads on the phone only (fetched ahead there, so that it opens offline too).
 *
 * The first render of each comes in non-blocking updates, the frame and then the page (the loading message
 * stays meanwhile): rendered at once when the account has arrived, they were the longest tasks of a visit.
 *
 * Until the account is there (the guard does not wait for it, SPEC §2's loading indicator is here), the frame
 * and page render hidden behind the loading message, so the page's own requests go out beside the account's
 * instead of after it. An account that cannot be loaded goes to the root route's error component.
 */
export function AppShell() {
  const account = useAccountLoad();
  if (account.failed) throw account.error;
  return (
    <>
      {!account.loaded && <AccountLoading />}
      <Box sx={{ display: account.loaded ? 'contents' : 'none' }}>
        <Deferred fallback={account.loaded && <AccountLoading />}>
          <Frame />
        </Deferred>
      </Box>
    </>
  );
}

function Frame() {
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  useFetchAhead(loadNavigationDrawer, !desktop);
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (theme) => theme.zIndex.tooltip,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' },
          // It shows over the app bar, so its focus ring takes the app bar's text colour.
          '--focus-ring-color': (theme) => theme.palette.appBar.contrastText,
        }}
      >
        Skip to content
      </Box>
      <AppBar position="fixed" color="appBar" elevation={0}>
        <Toolbar>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              onClick={() => setDrawerOpen(true)}
              sx={{ mr: 1 }}
            >
              <MdiIcon path={mdiMenu} />
            </IconButton>
          )}
          <Box
            component={Link}
            to={'/welcome'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              flexGrow: 1,
            }}
          >
            <MdiIcon path={mdiPackageVariantClosed} sx={{ fontSize: 26 }} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
              {productName}
            </Typography>
          </Box>
          <ThemeSwitch />
          <AccountMenu />
        </Toolbar>
        {navigating && <NavigationProgress />}
      </AppBar>
      {desktop ? (
        <Box
          component="aside"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ position: 'sticky', top: 0 }}>
            <Toolbar />
            <Navigation />
          </Box>
        </Box>
      ) : (
        drawerOpen && (
          <QuietBoundary>
            <Suspense>
              <NavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          </QuietBoundary>
        )
      )}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
          <OfflineBanner />
          <Deferred>
            <AccessBanner />
            <Breadcrumbs />
            <Outlet />
          </Deferred>
        </Container>
      </Box>
    </Box>
  );
}
