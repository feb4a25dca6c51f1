// Runs before the portal's code: applies the remembered dark theme (or the device's, when the choice is to
// follow it) to the loading screen, so a reload in the dark theme does not flash white. (An external file,
// because the server's CSP forbids inline scripts.)
try {
  const preference = globalThis.localStorage.getItem('berth.theme');
  if (
    preference === 'dark' ||
    (preference === 'system' && globalThis.matchMedia('(prefers-color-scheme: dark)').matches)
  )
    globalThis.document.documentElement.dataset.theme = 'dark';
} catch {
  // Storage unavailable: the light default applies.
}
