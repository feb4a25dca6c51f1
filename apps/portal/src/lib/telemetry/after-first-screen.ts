/**
 * Runs `work` once the page has loaded and the browser is idle, so optional downloads (telemetry SDKs) never
 * compete with the first screen. Browsers without requestIdleCallback (Safari) wait a moment instead.
 */
export function afterFirstScreen(work: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
    else setTimeout(work, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
