import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/load-error.tsx';
import { ResourceTable } from '@/components/resource-table.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { formatExact } from '@/lib/relative-time.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  useAccountSessions,
  useSignOutOtherSessions,
  useSignOutSession,
  type AccountSession,
} from '../api/sessions.ts';
import { sessionColumns } from './session-columns.tsx';

// The confirmation's code comes with the first press, or pointing at a sign-out button.
const loadConfirmDialog = () => import('@/components/confirm-dialog.tsx');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));
const preload = () => void loadConfirmDialog().catch(() => undefined);

/** What is being confirmed: one session's sign-out, or every other one's. */
type Asking = { session: AccountSession } | 'others';

const plural = (count: number) => (count === 1 ? '1 other session' : `${count} other sessions`);

/**
 * The browsers signed in to the account: device, address and last use, this one marked; any other one, or
 * all of them, can be signed out. Null sessions: an external identity provider keeps them.
 */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const now = useNow();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [asked, setAsked] = useState(false);
  // Where the focus goes once a sign-out took away the button that asked for it.
  const afterSignOut = useRef<HTMLElement | null>(null);
  const focusAfterSignOut = (node: HTMLElement | null) => {
    afterSignOut.current = node;
  };

  const ask = (what: Asking) => {
    setAsked(true);
    setAsking(what);
  };
  const close = () => setAsking(null);
  const done = (message: string) => {
    close();
    showSnackbar(message, 'success');
    // After the dialog gave the focus back to its trigger, which is gone.
    requestAnimationFrame(() => afterSignOut.current?.focus());
  };
  const confirm = () => {
    if (asking === 'others')
      signOutOthers.mutate(undefined, {
        onSuccess: (count) => done(`Signed out ${plural(count)}`),
        onError: close,
      });
    else if (asking)
      signOutOne.mutate(asking.session.id, {
        onSuccess: () => done(`Signed out ${asking.session.device}`),
        onError: close,
      });
  };

  const list = sessions.data;
  const others = list?.filter((session) => !session.current).length ?? 0;
  const pending = signOutOne.isPending || signOutOthers.isPending;
  return (
    <Section
      title="Sessions"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {sessions.isError ? (
        <LoadError title="Your sessions could not be loaded" onRetry={sessions.refetch} />
      ) : sessions.isPending ? (
        <LoadingBlock label="Loading your sessions" height={120} />
      ) : list === null || list === undefined ? (
        <Typography>
          Your organisation’s identity provider keeps your sessions: sign them out there.
        </Typography>
      ) : (
        <>
          <ResourceTable
            label="Sessions"
            columns={sessionColumns(now, (session) => ask({ session }), preload)}
            rows={list}
            rowKey={(session) => session.id}
            empty={
              <Typography>No browser is signed in: this page was opened with a tool’s token.</Typography>
            }
          />
          {others > 0 ? (
            <div>
              <Button
                ref={focusAfterSignOut}
                variant="outlined"
                color="error"
                disabled={pending}
                onClick={() => ask('others')}
                onPointerEnter={preload}
                onFocus={preload}
              >
                Sign out all other sessions
              </Button>
            </div>
          ) : (
            <Typography ref={focusAfterSignOut} tabIndex={-1} color="text.secondary" sx={{ outline: 'none' }}>
              No other browser is signed in.
            </Typography>
          )}
        </>
      )}
      {asked && (
        <Suspense>
          <ConfirmDialog
            open={asking !== null}
            pending={pending}
            onClose={close}
            onConfirm={confirm}
            {...(asking === 'others' || asking === null
              ? {
                  title: 'Sign out all other sessions?',
                  description: `${plural(others)} and command-line tools signed in with your password will have to sign in again.`,
                  confirmLabel: 'Sign out all others',
                }
              : {
                  title: `Sign out ${asking.session.device}?`,
                  description: `The browser at ${asking.session.address}, last seen ${formatExact(new Date(asking.session.lastSeenAt))}, will have to sign in again to use your account.`,
                  confirmLabel: 'Sign out',
                })}
          />
        </Suspense>
      )}
    </Section>
  );
}
