import type { QueryClient } from '@tanstack/react-query';
import type { Flags } from '../../lib/flags.ts';
import type { GlobalGuard } from './guard.ts';

/** What every route's `beforeLoad` and loader receive (router.ts provides it). */
export interface RouterContext {
  queryClient: QueryClient;
  guard: GlobalGuard;
  flags: Flags;
}
