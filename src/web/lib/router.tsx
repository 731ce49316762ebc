import {
  Component as ReactComponent,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  startTransition,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/*
 * The web app's router (docs/decisions/054): hash URLs ('#/orders/12'), nested route objects with
 * lazily loaded pages, loaders that start a page's requests, route handles (the tab title), a
 * pending navigation while a page's code loads (the page on screen stays until the next one can
 * show), scroll restoration, a blocker (unsaved changes) and an error element. It keeps React
 * Router's names and the behaviour this app relies on, for the few parts this app uses: React
 * Router's data router was 31 KB (Brotli) of the 120 KB an order page opened from an SMS link may
 * need before it paints (issue 26 point 15); this file is about 4 KB. Tests use createMemoryRouter
 * and MemoryRouter as before.
 */

export type Params = Record<string, string | undefined>;

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };

type TNavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type LoaderFunction = (args: { params: Params; request: { url: string } }) => unknown;

export type ShouldRevalidateFunction = (args: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }) => boolean;

export type RouteObject = {
  path?: string;
  index?: boolean;
  children?: RouteObject[];
  Component?: ComponentType | null;
  element?: ReactNode;
  /** The route's Component, downloaded before the navigation to it completes. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  handle?: unknown;
  errorElement?: ReactNode;
  /** Shown instead of the route while the first page's code loads. */
  HydrateFallback?: ComponentType;
};

export type RouteMatch = { params: Params; pathname: string; route: RouteObject };

export type UIMatch = { id: string; pathname: string; params: Params; handle: unknown; data: unknown };

export type NavigateOptions = { replace?: boolean; state?: unknown; flushSync?: boolean };

type TNavigation = { state: 'idle' | 'loading'; location?: Location };

type TRouterState = {
  location: Location;
  historyAction: TNavigationType;
  matches: RouteMatch[];
  navigation: TNavigation;
  /** True once the first page's code has loaded. */
  initialized: boolean;
  error: unknown;
};

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

type TBlockerFunction = (args: { currentLocation: Location; nextLocation: Location; historyAction: TNavigationType }) => boolean;

/* ----------------------------------------------------------------------------------------------
 * Paths
 */

export type PathMatch = { params: Params; pathname: string; pattern: string };

/** Splits '/buy?coin=btc#x' into its parts. */
function parsePath(path: string): { pathname: string; search: string; hash: string } {
  let rest = path;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  return { pathname: rest || '/', search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

function joinPaths(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, '/');
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether `pathname` matches `pattern` (literal segments, `:param` segments, a final `*`), as
 * React Router reads it: case-insensitive, a trailing slash allowed. With `end: false`, a match
 * of the pattern's start (a parent route's path).
 */
export function matchPath(pattern: string, pathname: string, end = true): PathMatch | null {
  const names: string[] = [];
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_whole, name: string, optional?: string) => {
      names.push(name);
      return optional ? '(?:/([^\\/]+))?' : '/([^\\/]+)';
    })}`;
  const hasSplat = pattern.endsWith('*');
  if (hasSplat) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (pattern !== '' && pattern !== '/') {
    source += '(?:(?=\\/|$))';
  }
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, index) => {
    const value = found[index + 1];
    params[name] = value === undefined ? undefined : decode(value);
  });
  let matched = found[0];
  if (hasSplat) matched = matched.slice(0, matched.length - (found[names.length] ?? '').length).replace(/(.)\/+$/, '$1');
  return { params, pathname: matched, pattern };
}

type TBranch = { path: string; score: number; order: number; routes: RouteObject[] };

/** React Router's ranking: literal segments before parameters before a splat; an index route before its layout. */
function scoreOf(path: string, isIndex: boolean): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (isIndex) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

const branchCache = new WeakMap<RouteObject[], TBranch[]>();

function flatten(routes: RouteObject[], parentPath = '', parents: RouteObject[] = [], branches: TBranch[] = []): TBranch[] {
  for (const route of routes) {
    const own = route.path ?? '';
    const path = own.startsWith('/') ? own : joinPaths(parentPath, own);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, path, chain, branches);
    if (route.path === undefined && !route.index) continue;
    branches.push({ path, score: scoreOf(path, route.index === true), order: branches.length, routes: chain });
  }
  return branches;
}

function branchesOf(routes: RouteObject[]): TBranch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => b.score - a.score || a.order - b.order);
    branchCache.set(routes, branches);
  }
  return branches;
}

/** The routes that render `location` (a path, or the parts of one), outermost first; null when none does. */
export function matchRoutes(routes: RouteObject[], location: string | { pathname: string }): RouteMatch[] | null {
  const pathname = typeof location === 'string' ? parsePath(location).pathname : location.pathname;
  for (const branch of branchesOf(routes)) {
    const full = matchPath(branch.path, pathname);
    if (!full) continue;
    let parentPath = '';
    return branch.routes.map((route) => {
      const own = route.path ?? '';
      parentPath = own.startsWith('/') ? own : joinPaths(parentPath, own);
      const partial = route === branch.routes.at(-1) ? full : matchPath(parentPath, pathname, false);
      return { params: full.params, pathname: partial?.pathname ?? full.pathname, route };
    });
  }
  return null;
}

/* ----------------------------------------------------------------------------------------------
 * History: the hash of the address bar, or a list in memory (tests)
 */

type THistory = {
  location: () => { path: string; state: unknown; key: string; index: number | null };
  push: (path: string, state: unknown, key: string, index: number) => void;
  replace: (path: string, state: unknown, key: string, index: number) => void;
  go: (delta: number) => void;
  /** Gives the current entry its key and position without changing the address. */
  mark: (state: unknown, key: string, index: number) => void;
  listen: (listener: () => void) => void;
  createHref: (path: string) => string;
};

type THistoryEntry = { usr: unknown; key: string; idx: number };

function hashHistory(): THistory {
  const entry = () => (window.history.state ?? null) as THistoryEntry | null;
  return {
    location: () => {
      const state = entry();
      const path = window.location.hash.slice(1) || '/';
      return {
        path: path.startsWith('/') ? path : `/${path}`,
        state: state?.usr ?? null,
        key: state?.key ?? 'default',
        index: state?.idx ?? null,
      };
    },
    push: (path, usr, key, idx) => window.history.pushState({ usr, key, idx } satisfies THistoryEntry, '', `#${path}`),
    replace: (path, usr, key, idx) => window.history.replaceState({ usr, key, idx } satisfies THistoryEntry, '', `#${path}`),
    go: (delta) => window.history.go(delta),
    mark: (usr, key, idx) => window.history.replaceState({ usr, key, idx } satisfies THistoryEntry, ''),
    listen: (listener) => window.addEventListener('popstate', listener),
    createHref: (path) => `#${path}`,
  };
}

function memoryHistory(initialEntries: string[] = ['/'], initialIndex?: number): THistory {
  const entries = (initialEntries.length ? initialEntries : ['/']).map((path, index) => ({
    path,
    state: null as unknown,
    key: index === 0 ? 'default' : newKey(),
  }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let listener: (() => void) | undefined;
  return {
    location: () => ({ ...entries[index]!, index }),
    push: (path, state, key) => {
      index += 1;
      entries.splice(index, entries.length, { path, state, key });
    },
    replace: (path, state, key) => {
      entries[index] = { path, state, key };
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      listener?.();
    },
    mark: () => undefined,
    listen: (next) => {
      listener = next;
    },
    createHref: (path) => path,
  };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function toLocation(entry: { path: string; state: unknown; key: string }): Location {
  return { ...parsePath(entry.path), state: entry.state, key: entry.key };
}

const pathOf = (location: { pathname: string; search: string; hash: string }) => `${location.pathname}${location.search}${location.hash}`;

/* ----------------------------------------------------------------------------------------------
 * The router
 */

export type Router = {
  readonly state: TRouterState;
  readonly routes: RouteObject[];
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  /** `listener` hears each new state, and whether the navigation asked to be drawn at once (`flushSync`). */
  subscribe: (listener: (state: TRouterState, flush: boolean) => void) => () => void;
  createHref: (to: string) => string;
  getBlocker: (key: string, blocker: TBlockerFunction) => Blocker;
  deleteBlocker: (key: string) => void;
  /** Where scroll positions are kept by location key (ScrollRestoration). */
  scrollPositions: Map<string, number> | undefined;
  enableScrollRestoration: () => Map<string, number>;
};

type TNavigationRequest = { location: Location; action: TNavigationType; index: number; flush: boolean };

const SCROLL_STORAGE_KEY = 'react-router-scroll-positions';

function createRouter(routes: RouteObject[], history: THistory): Router {
  const first = history.location();
  const listeners = new Set<(state: TRouterState, flush: boolean) => void>();
  let index = first.index ?? 0;
  let pending: { id: number } | undefined;
  let sequence = 0;
  const blockers = new Map<string, { fn: TBlockerFunction; state: Blocker }>();
  let ignoreNextPop = false;
  const initialLocation = toLocation(first);
  if (first.index === null) history.mark(initialLocation.state, initialLocation.key, 0);

  const router: Router = {
    state: {
      location: initialLocation,
      historyAction: 'POP',
      matches: matchRoutes(routes, initialLocation) ?? [],
      navigation: { state: 'idle' },
      initialized: false,
      error: null,
    },
    routes,
    scrollPositions: undefined,
    navigate,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => history.createHref(to),
    getBlocker: (key, fn) => {
      const found = blockers.get(key);
      if (found) {
        found.fn = fn;
        return found.state;
      }
      const created = { fn, state: { state: 'unblocked' } as Blocker };
      blockers.set(key, created);
      return created.state;
    },
    deleteBlocker: (key) => {
      blockers.delete(key);
    },
    enableScrollRestoration: () => {
      if (!router.scrollPositions) {
        router.scrollPositions = new Map();
        try {
          const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
          for (const [key, y] of Object.entries(saved)) router.scrollPositions.set(key, y);
        } catch {
          // Nothing saved, or storage disabled.
        }
      }
      return router.scrollPositions;
    },
  };

  function update(next: Partial<TRouterState>, flush = false) {
    (router as { state: TRouterState }).state = { ...router.state, ...next };
    for (const listener of listeners) listener(router.state, flush);
  }

  function setBlocker(key: string, state: Blocker) {
    const found = blockers.get(key);
    if (found) found.state = state;
    update({});
  }

  /** A registered blocker that refuses the move: asks, and completes or drops the move once answered. */
  function blockedBy(nextLocation: Location, action: TNavigationType, go: () => void, back?: () => void): boolean {
    for (const [key, blocker] of blockers) {
      if (blocker.state.state !== 'unblocked') continue;
      if (!blocker.fn({ currentLocation: router.state.location, nextLocation, historyAction: action })) continue;
      back?.();
      setBlocker(key, {
        state: 'blocked',
        location: nextLocation,
        proceed: () => {
          setBlocker(key, { state: 'unblocked' });
          go();
        },
        reset: () => setBlocker(key, { state: 'unblocked' }),
      });
      return true;
    }
    return false;
  }

  /** Downloads the pages' code, runs their loaders, then shows the location. */
  async function load(request: TNavigationRequest, force = false): Promise<void> {
    const { location, action } = request;
    const id = (sequence += 1);
    pending = { id };
    const matches = matchRoutes(routes, location) ?? [];
    const previous = router.state.matches;
    const currentUrl = new URL(pathOf(router.state.location), 'http://app.invalid');
    const nextUrl = new URL(pathOf(location), 'http://app.invalid');
    const work: Promise<unknown>[] = [];
    let error: unknown = null;
    for (const match of matches) {
      const { route } = match;
      if (route.lazy && !route.Component) {
        const lazy = route.lazy;
        work.push(
          lazy().then((loaded) => {
            route.Component = loaded.Component;
          }),
        );
      }
      if (!route.loader) continue;
      const before = previous.find((old) => old.route === route);
      const isNew = !before || before.pathname !== match.pathname || JSON.stringify(before.params) !== JSON.stringify(match.params);
      const searchChanged = currentUrl.search !== nextUrl.search;
      const shouldRun =
        force ||
        isNew ||
        (route.shouldRevalidate ? route.shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate: true }) : searchChanged);
      if (shouldRun) work.push(Promise.resolve(route.loader({ params: match.params, request: { url: nextUrl.href } })));
    }
    if (work.length > 0) {
      update({ navigation: { state: 'loading', location } });
      try {
        await Promise.all(work);
      } catch (thrown) {
        error = thrown;
      }
    }
    if (pending?.id !== id) return; // a later navigation replaced this one
    pending = undefined;
    if (router.scrollPositions && router.state.initialized) router.scrollPositions.set(router.state.location.key, window.scrollY);
    if (action === 'PUSH') history.push(pathOf(location), location.state, location.key, request.index);
    else if (action === 'REPLACE') history.replace(pathOf(location), location.state, location.key, request.index);
    index = request.index;
    update({ location, historyAction: action, matches, navigation: { state: 'idle' }, initialized: true, error }, request.flush);
  }

  function navigate(to: string | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    const parsed = parsePath(to.startsWith('/') || to.startsWith('?') || to.startsWith('#') ? to : `/${to}`);
    const pathname = to.startsWith('?') || to.startsWith('#') ? router.state.location.pathname : parsed.pathname;
    const search = to.startsWith('#') ? router.state.location.search : parsed.search;
    const isSame =
      pathname === router.state.location.pathname && search === router.state.location.search && parsed.hash === router.state.location.hash;
    const action: TNavigationType = (options.replace ?? isSame) ? 'REPLACE' : 'PUSH';
    const location: Location = { pathname, search, hash: parsed.hash, state: options.state ?? null, key: newKey() };
    return new Promise<void>((resolve) => {
      const go = () =>
        void load({ location, action, index: action === 'PUSH' ? index + 1 : index, flush: options.flushSync === true }).then(resolve);
      if (!blockedBy(location, action, go)) go();
      else resolve();
    });
  }

  history.listen(() => {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    const entry = history.location();
    const location = toLocation(entry);
    const nextIndex = entry.index ?? index + 1;
    const delta = nextIndex - index;
    const go = () => {
      if (delta !== 0) {
        ignoreNextPop = true;
        history.go(delta);
      }
      void load({ location, action: 'POP', index: nextIndex, flush: false });
    };
    const back = () => {
      if (delta === 0) return;
      ignoreNextPop = true;
      history.go(-delta);
    };
    if (entry.index === null) history.mark(location.state, location.key, nextIndex);
    if (!blockedBy(location, 'POP', go, back)) void load({ location, action: 'POP', index: nextIndex, flush: false });
  });

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      if (!router.scrollPositions) return;
      router.scrollPositions.set(router.state.location.key, window.scrollY);
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(router.scrollPositions)));
      } catch {
        // Storage full or disabled: positions are a convenience.
      }
    });
  }

  void load({ location: initialLocation, action: 'POP', index, flush: false }, true);
  return router;
}

export function createHashRouter(routes: RouteObject[]): Router {
  return createRouter(routes, hashHistory());
}

export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[]; initialIndex?: number } = {}): Router {
  return createRouter(routes, memoryHistory(options.initialEntries, options.initialIndex));
}

/* ----------------------------------------------------------------------------------------------
 * Rendering
 */

type TRouteContext = { matches: RouteMatch[]; index: number; error: unknown };

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<TRouterState | null>(null);
const LocationContext = createContext<Location | null>(null);
const RouteContext = createContext<TRouteContext>({ matches: [], index: -1, error: null });

function useRouterState(): TRouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('A router hook was used outside a router');
  return state;
}

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside a router');
  return router;
}

class RouteErrorBoundary extends ReactComponent<
  { fallback: ReactNode; matches: RouteMatch[]; index: number; children: ReactNode; location: Location },
  { error: unknown; location: Location }
> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { error: unknown; location: Location }) {
    // A new page starts without the last one's error.
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RouteContext.Provider value={{ matches: this.props.matches, index: this.props.index, error: this.state.error }}>
        {this.props.fallback}
      </RouteContext.Provider>
    );
  }
}

function renderMatch(matches: RouteMatch[], index: number, state: TRouterState): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const Page = route.Component;
  const own = Page ? <Page /> : route.element !== undefined ? route.element : <Outlet />;
  let content = <RouteContext.Provider value={{ matches, index, error: null }}>{own}</RouteContext.Provider>;
  if (route.errorElement !== undefined) {
    // A page whose code could not be downloaded: the nearest error element shows it.
    const failedBelow =
      state.error !== null && matches.slice(index).every((below) => below === match || below.route.errorElement === undefined);
    content = failedBelow ? (
      <RouteContext.Provider value={{ matches, index, error: state.error }}>{route.errorElement}</RouteContext.Provider>
    ) : (
      <RouteErrorBoundary fallback={route.errorElement} matches={matches} index={index} location={state.location}>
        {content}
      </RouteErrorBoundary>
    );
  }
  return content;
}

/**
 * The router's state for React, as React Router's RouterProvider gives it: each change drawn in a
 * transition (the render yields to the browser on a slow phone instead of one long task), or at
 * once when the navigation asked `flushSync` (with React DOM's flushSync, lib/router-flush-sync.ts).
 */
function useStateOf(router: Router, flushSync?: (update: () => void) => void): TRouterState {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const unsubscribe = router.subscribe((next, flush) => {
      if (flush && flushSync) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    });
    // A change between the first render and this subscription.
    setState(router.state);
    return unsubscribe;
  }, [router, flushSync]);
  return state;
}

export function RouterProvider({ router, flushSync }: { router: Router; flushSync?: (update: () => void) => void }) {
  const state = useStateOf(router, flushSync);
  let content: ReactNode;
  if (!state.initialized) {
    const Fallback = state.matches.find((match) => match.route.HydrateFallback)?.route.HydrateFallback;
    content = Fallback ? <Fallback /> : null;
  } else {
    content = renderMatch(state.matches, 0, state);
  }
  return (
    <RouterContexts router={router} state={state}>
      {content}
    </RouterContexts>
  );
}

function RouterContexts({ router, state, children }: { router: Router; state: TRouterState; children: ReactNode }) {
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <LocationContext.Provider value={state.location}>{children}</LocationContext.Provider>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** A router for components under test: their children, at `initialEntries`' last entry (no routes). */
export function MemoryRouter({
  initialEntries,
  initialIndex,
  children,
}: {
  initialEntries?: string[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries, initialIndex }));
  const state = useStateOf(router);
  return (
    <RouterContexts router={router} state={state}>
      {children}
    </RouterContexts>
  );
}

export function Outlet() {
  const { matches, index } = useContext(RouteContext);
  const state = useRouterState();
  return renderMatch(matches, index + 1, state);
}

/* ----------------------------------------------------------------------------------------------
 * Hooks
 */

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('A router hook was used outside a router');
  return location;
}

export function useNavigation(): TNavigation {
  return useRouterState().navigation;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  const router = useRouter();
  return useCallback((to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export function useParams(): Params {
  const { matches, index } = useContext(RouteContext);
  return matches[index]?.params ?? matches.at(-1)?.params ?? {};
}

export function useMatches(): UIMatch[] {
  const { matches } = useRouterState();
  return useMemo(
    () =>
      matches.map((match, at) => ({
        id: String(at),
        pathname: match.pathname,
        params: match.params,
        handle: match.route.handle,
        data: undefined,
      })),
    [matches],
  );
}

export function useMatch(pattern: string): PathMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchPath(pattern, pathname), [pattern, pathname]);
}

export function useRouteError(): unknown {
  return useContext(RouteContext).error;
}

/** An error answer a route threw (React Router's ErrorResponse); this router throws none itself. */
export function isRouteErrorResponse(error: unknown): error is { status: number; statusText: string; data: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error && 'internal' in error;
}

type TSetSearchParams = (
  next:
    URLSearchParams | Record<string, string> | string | ((current: URLSearchParams) => URLSearchParams | Record<string, string> | string),
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, TSetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<TSetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const text = new URLSearchParams(value).toString();
      void router.navigate(`${router.state.location.pathname}${text ? `?${text}` : ''}`, options);
    },
    [router],
  );
  return [searchParams, setSearchParams];
}

let blockerCount = 0;

/** While `shouldBlock` says so, a move to another location waits for proceed() or reset(). */
export function useBlocker(shouldBlock: boolean | TBlockerFunction): Blocker {
  const router = useRouter();
  useRouterState(); // re-renders when the blocker's state changes
  const [key] = useState(() => String((blockerCount += 1)));
  const fn = useCallback<TBlockerFunction>((args) => (typeof shouldBlock === 'function' ? shouldBlock(args) : shouldBlock), [shouldBlock]);
  const blocker = router.getBlocker(key, fn);
  useEffect(() => {
    // Registered again after StrictMode's trial unmount (development), not only at the next render;
    // each render gives the blocker its newest function, so only the mount and unmount count here
    // (a new function must not drop a blocker that is asking).
    router.getBlocker(key, fn);
    return () => router.deleteBlocker(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router, key]);
  return blocker;
}

/* ----------------------------------------------------------------------------------------------
 * Components
 */

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const stateRef = useRef(state);
  useEffect(() => {
    void navigate(to, { replace, state: stateRef.current });
  }, [navigate, to, replace]);
  return null;
}

type TLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

function useLinkClick(to: string, { replace, state, target, onClick }: Pick<TLinkProps, 'replace' | 'state' | 'target' | 'onClick'>) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    void navigate(to, { replace, state });
  };
}

export function Link({ to, replace, state, onClick, target, ref, children, ...rest }: TLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const router = useRouter();
  const handleClick = useLinkClick(to, { replace, state, target, onClick });
  return (
    <a {...rest} ref={ref} href={router.createHref(to)} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

type TNavLinkProps = Omit<TLinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  end?: boolean;
};

export function NavLink({ to, className, end = false, replace, state, onClick, target, children, ...rest }: TNavLinkProps) {
  const router = useRouter();
  const { pathname } = useLocation();
  const handleClick = useLinkClick(to, { replace, state, target, onClick });
  const toPath = parsePath(to)
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, '$1');
  const current = pathname.toLowerCase();
  const isActive = current === toPath || (!end && toPath !== '/' && current.startsWith(`${toPath}/`));
  const resolvedClass =
    typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <a
      {...rest}
      href={router.createHref(to)}
      target={target}
      aria-current={isActive ? 'page' : undefined}
      className={resolvedClass || undefined}
      onClick={handleClick}
    >
      {children}
    </a>
  );
}

/**
 * Back and Forward return to where the page was scrolled; a new page starts at the top. Positions
 * are kept by history entry, in sessionStorage across a reload.
 */
export function ScrollRestoration() {
  const router = useRouter();
  const { location, historyAction, initialized } = useRouterState();
  const positions = useRef(router.enableScrollRestoration());
  useLayoutEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);
  useLayoutEffect(() => {
    if (!initialized) return;
    const saved = historyAction === 'POP' ? positions.current.get(location.key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location, historyAction, initialized]);
  return null;
}
