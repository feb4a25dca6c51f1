/**
 * Runs `work` in a task of its own once the browser has painted the next frame, when reading the layout costs
 * nothing more (the frame computed it). Returns a function that cancels it if it has not run yet.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
