import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

export interface RouteInfo {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route Express knows about, read from the running app's router (nothing hand-listed). */
export function listRoutes(app: INestApplicationContext): RouteInfo[] {
  const instance = (app as NestExpressApplication).getHttpAdapter().getInstance() as {
    router: { stack: ExpressLayer[] };
  };
  const routes: RouteInfo[] = [];
  for (const layer of instance.router.stack) {
    // Only the app's own routes (Nest also mounts a catch-all not-found route).
    if (!layer.route || !/^\/(api|dev|calendar)(\/|$)|^\/extension\.zip$/.test(layer.route.path)) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all')
        routes.push({ method: method.toUpperCase() as RouteInfo['method'], path: layer.route.path });
    }
  }
  return routes;
}

/** Fills `:id`-style parameters so a route can be called. */
export function concretePath(path: string, id: number | string = 1): string {
  return path.replace(/:(\w+)/g, () => String(id));
}
