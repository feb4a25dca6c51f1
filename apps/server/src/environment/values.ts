import { z } from 'zod';

/** A yes-or-no setting: `true`/`1` or `false`/`0`. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
