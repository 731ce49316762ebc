import type { RouteObject } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '#shared/app-paths.js';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './router';

const routes = createRoutes(new QueryClient());

/** Every full path the route tree declares (nested paths joined, index routes as their parent). */
function declaredPaths(list: RouteObject[], parent = ''): string[] {
  const found: string[] = [];
  for (const route of list) {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path !== undefined && route.path !== '*' && !own.endsWith('/*')) found.push(own);
    if (route.index) found.push(parent || '/');
    if (route.children) found.push(...declaredPaths(route.children, own));
  }
  return found;
}

describe('the one list of app paths (src/shared/app-paths.ts)', () => {
  it('holds every route of the web router, and nothing the router does not serve', () => {
    const declared = [...new Set(declaredPaths(routes))].sort();
    expect(declared.length).toBeGreaterThan(30);
    expect(declared).toEqual([...APP_PATHS].sort());
  });
});
