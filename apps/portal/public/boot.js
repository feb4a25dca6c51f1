// Runs before the portal's code, while the browser fetches it. (An external file, because the server's CSP
// forbids inline scripts.)

// Applies the remembered dark theme (or the device's, when the choice is to follow it) to the loading screen,
// so a reload in the dark theme does not flash white.
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

// The first date, number or relative-time format of a page loads the browser's locale data, about 45 ms on a
// laptop and several times that on a phone. Done here, it overlaps the download of the portal's code instead
// of blocking the first screen's render (every later format takes well under a millisecond).
new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(0);
