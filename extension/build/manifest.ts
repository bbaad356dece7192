/**
 * The Manifest V3 the build writes into dist/. Everything that grants access is derived from
 * one origin, the app's (`APP_URL` at build time):
 *
 * - `permissions`: activeTab (the current tab, only after the user clicks the button), scripting
 *   (to run the reader there), storage (settings and token);
 * - `host_permissions` and `externally_connectable`: the app origin and nothing else. No
 *   LinkedIn host: the extension sees a LinkedIn page only through activeTab.
 */
import { FALLBACK_APP_ORIGIN, normaliseAppOrigin, originMatchPattern } from '../src/shared/app-origin.ts';
import { STORE_SHORT_DESCRIPTION } from './store-listing.ts';

export const ICON_SIZES = [16, 32, 48, 128] as const;

export interface ManifestInput {
  appOrigin: string;
  version: string;
}

/** `APP_URL` (any URL of the app) -> its origin; unset -> http://localhost:3000; invalid -> an error. */
export function appOriginFromEnv(appUrl: string | undefined): string {
  if (appUrl === undefined || appUrl.trim() === '') return FALLBACK_APP_ORIGIN;
  const origin = normaliseAppOrigin(appUrl);
  if (!origin) {
    throw new Error(
      `APP_URL=${appUrl} cannot be the extension's app origin: use https://host[:port] (http:// only for localhost).`,
    );
  }
  return origin;
}

export function buildManifest({ appOrigin, version }: ManifestInput) {
  const appPattern = originMatchPattern(appOrigin);
  const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));
  return {
    manifest_version: 3,
    name: 'Tend',
    short_name: 'Tend',
    description: STORE_SHORT_DESCRIPTION,
    version,
    minimum_chrome_version: '110',
    icons,
    action: {
      default_title: 'Save to Tend',
      default_popup: 'popup.html',
      default_icon: { '16': icons['16'], '32': icons['32'] },
    },
    options_ui: { page: 'options.html', open_in_tab: true },
    background: { service_worker: 'background.js', type: 'module' },
    permissions: ['activeTab', 'scripting', 'storage'],
    host_permissions: [appPattern],
    externally_connectable: { matches: [appPattern] },
  };
}
