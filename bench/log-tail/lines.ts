// The lines bench/log-tail writes: each carries its sequence number and the time it was written, so the tail
// that receives it knows which line it is and how long it took.

/** Wall-clock milliseconds with sub-millisecond precision, comparable across the bench's two processes. */
export const clock = () => performance.timeOrigin + performance.now();

/** A bench line: its sequence number and when it was written, then what a request log says. */
export const benchLine = (seq: number, writtenAt: number) =>
  `bench ${seq} ${writtenAt.toFixed(3)} GET /items/${seq} 200 12 ms`;

/** The sequence number and write time of a bench line; undefined for any other line. */
export function parseBenchLine(line: string): { seq: number; writtenAt: number } | undefined {
  const match = /^bench (\d+) ([\d.]+) /.exec(line);
  return match ? { seq: Number(match[1]), writtenAt: Number(match[2]) } : undefined;
}
