import type { Linter } from 'eslint';

/** The server's layer rules for the source folder `root` (see server-boundaries.js). */
export function serverBoundaries(root: string): Linter.Config[];
