import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code comes in a chunk of its own, like React.lazy, but shown the moment its
 * module has loaded instead of through Suspense. React keeps content that replaces a Suspense
 * fallback back until 300 ms after the fallback showed (its fallback throttle); on a phone opening
 * an order from a link the page's chunks have usually arrived before the entry chunk, so every
 * lazy piece on the way to a usable page cost those 300 ms for nothing (bench/order-page.mjs,
 * docs/decisions/064). Here the fallback renders until the module's promise settles, then the
 * component; a module already loaded renders at the first render. A failed download is thrown at
 * render, to the route's error element, as React.lazy's would be, and the next mount asks again.
 */
export type TLazyNow<P extends object> = {
  /** Renders `fallback` until the code has loaded, then the component with the other props. */
  Component: (props: P & { fallback: ReactNode }) => ReactNode;
  /** Starts the download now (at the importing module's evaluation, say) instead of at the first render. */
  preload: () => Promise<ComponentType<P>>;
};

export function lazyNow<P extends object>(load: () => Promise<ComponentType<P>>): TLazyNow<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function LazyNow(props: P & { fallback: ReactNode }): ReactNode {
    const { fallback, ...rest } = props;
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component || state.error !== undefined) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setState({ component }),
        (error: unknown) => mounted && setState({ error: error ?? new Error('The page could not be loaded') }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state.error !== undefined) throw state.error;
    const Loaded = state.component;
    return Loaded ? <Loaded {...(rest as unknown as P)} /> : fallback;
  }
  return { Component: LazyNow, preload };
}
