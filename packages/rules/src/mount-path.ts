// Where a volume is mounted in a container or job: an absolute path below /, compared without trailing
// slashes, so `/data` and `/data/` are one place and `/` or `//` (the root itself) is none.

/** The place a path names: the path without trailing slashes (`/data/` is `/data`). */
export const mountPathKey = (path: string) => path.replace(/\/+$/, '');

/** `not-below-root`: not absolute, or the root itself; `parent-directory`: a `..` segment. */
export type MountPathProblem = 'not-below-root' | 'parent-directory';

export function mountPathProblem(path: string): MountPathProblem | undefined {
  if (!path.startsWith('/') || mountPathKey(path) === '') return 'not-below-root';
  if (path.split('/').includes('..')) return 'parent-directory';
  return undefined;
}
