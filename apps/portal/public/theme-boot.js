// Runs before the portal's code: applies the remembered dark theme to the loading screen, so a reload in
// the dark theme does not flash white. (An external file, because the server's CSP forbids inline scripts.)
try {
  if (globalThis.localStorage.getItem('berth.theme') === 'dark') globalThis.document.documentElement.dataset.theme = 'dark';
} catch {
  // Storage unavailable: the light default applies.
}
