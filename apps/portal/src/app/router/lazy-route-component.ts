import { createElement, use, type ComponentType } from 'react';
import { ChunkLoadError } from '../../lib/network/chunk-load-error.ts';

/**
 * The route screens' code splitting (vite.config.ts puts this in place of TanStack's own): TanStack's version
 * reloads the whole window when a screen's chunk fails to load, which offline replaces the portal with the
 * browser's error page. This one throws a ChunkLoadError instead, which the route's error component shows in
 * the page, and fetches the chunk again the next time the router loads the route (Retry invalidates it).
 */
export function lazyRouteComponent<TProps extends object>(
  importer: () => Promise<Record<string, ComponentType<TProps>>>,
  exportName = 'default',
) {
  let component: ComponentType<TProps> | undefined;
  let failure: ChunkLoadError | undefined;
  let loading: Promise<void> | undefined;

  const load = (): Promise<void> => {
    if (component) return Promise.resolve();
    if (!loading) {
      failure = undefined;
      loading = importer()
        .then(
          (module) => {
            component = module[exportName];
            if (!component) throw new Error(`The chunk has no export ${exportName}`);
          },
          (error: unknown) => {
            failure = new ChunkLoadError(error);
          },
        )
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  };

  function Lazy(props: TProps) {
    if (failure) throw failure;
    if (!component) use(load());
    return component ? createElement(component, props) : null;
  }
  Lazy.preload = load;
  return Lazy;
}
