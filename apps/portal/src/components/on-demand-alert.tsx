import { useEffect, useState, type ComponentType } from 'react';
import type { AlertProps } from '@mui/material/Alert';

// MUI's Alert (2 KB gzip) shows on a form only once something has happened: a submit with errors, a change of
// the cron editor's period, a change still being applied. So its code is fetched beside the form's instead of
// before it: the request starts as soon as a screen with such an alert loads, and an alert drawn before the
// code arrives appears a moment later.
let loadedAlert: ComponentType<AlertProps> | undefined;
const alertLoading = import('@mui/material/Alert').then((module) => {
  loadedAlert = module.default;
  return module.default;
});

/** MUI's Alert, its code fetched without holding up the screen that may show it. */
export function OnDemandAlert(props: AlertProps) {
  const [Alert, setAlert] = useState(() => loadedAlert);
  useEffect(() => {
    if (!Alert) void alertLoading.then((component) => setAlert(() => component));
  }, [Alert]);
  return Alert ? <Alert {...props} /> : null;
}
