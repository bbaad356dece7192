import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ALLOW_UNVERIFIED, CSRF_EXEMPT, EXTENSION_ALLOWED, IS_PUBLIC } from '../infra/http/access.decorators';

export interface RouteRow {
  method: string;
  path: string;
  module: string;
  /** Who may call it: anyone, any signed-in user (verified or not), or a verified user. */
  access: 'public' | 'signed in' | 'verified';
  csrfExempt: boolean;
  /** Also takes the Chrome extension's token (`Authorization: Bearer`, no CSRF token then). */
  extension: boolean;
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segments = parts
    .flatMap((part) => (Array.isArray(part) ? part.slice(0, 1) : [part]))
    .filter((part): part is string => typeof part === 'string' && part !== '' && part !== '/');
  return `/${segments.map((s) => s.replace(/^\/+|\/+$/g, '')).join('/')}`;
}

/**
 * The module a route table row names, from the class of the module that holds the controller:
 * `ExtensionTokensModule` -> `extension-tokens`. An infra module carries `Infra` to tell it from the
 * domain module of the same area, and is shown as that area (`MailInfraModule` -> `mail`).
 */
export function moduleLabel(moduleClassName: string): string {
  return moduleClassName
    .replace(/Module$/, '')
    .replace(/Infra$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** Every route of the running app, read from Nest's own metadata (nothing hand-listed). */
export function describeRoutes(app: INestApplicationContext): RouteRow[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const rows: RouteRow[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller || !wrapper.instance) continue;
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
    const module = moduleLabel(wrapper.host?.metatype?.name ?? '');
    const prototype = Object.getPrototypeOf(wrapper.instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const targets = [handler as () => void, controller];
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true;
      const unverified = reflector.getAllAndOverride<boolean>(ALLOW_UNVERIFIED, targets) === true;
      rows.push({
        method: RequestMethod[method],
        path: joinPath(base, path),
        module,
        access: isPublic ? 'public' : unverified ? 'signed in' : 'verified',
        csrfExempt: reflector.getAllAndOverride<boolean>(CSRF_EXEMPT, targets) === true,
        extension: reflector.getAllAndOverride<boolean>(EXTENSION_ALLOWED, targets) === true,
      });
    }
  }
  return rows.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The route table as docs/ARCHITECTURE.md shows it. */
export function renderRouteTable(rows: readonly RouteRow[]): string {
  const lines = ['| Method | Path | Module | Who may call it |', '| --- | --- | --- | --- |'];
  for (const row of rows) {
    let access: string = row.csrfExempt ? `${row.access}, no CSRF token (signed instead)` : row.access;
    if (row.extension) access += ", or the extension's token";
    lines.push(`| ${row.method} | \`${row.path}\` | ${row.module} | ${access} |`);
  }
  return lines.join('\n');
}
