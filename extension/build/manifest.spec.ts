import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderIcon } from './icons';
import { appOriginFromEnv, buildManifest, ICON_SIZES } from './manifest';

describe('appOriginFromEnv', () => {
  it('defaults to http://localhost:3000 and keeps only the origin of APP_URL', () => {
    expect(appOriginFromEnv(undefined)).toBe('http://localhost:3000');
    expect(appOriginFromEnv('')).toBe('http://localhost:3000');
    expect(appOriginFromEnv('https://tend.example.com/')).toBe('https://tend.example.com');
    expect(appOriginFromEnv('http://127.0.0.1:4173/some/path')).toBe('http://127.0.0.1:4173');
  });

  it('stops the build on an APP_URL that cannot be the app origin', () => {
    expect(() => appOriginFromEnv('http://tend.example.com')).toThrow(/APP_URL=http:\/\/tend\.example\.com cannot be/);
    expect(() => appOriginFromEnv('tend.example.com')).toThrow(/cannot be the extension's app origin/);
  });
});

describe('buildManifest', () => {
  const manifest = buildManifest({ appOrigin: 'https://tend.example.com', version: '1.2.3' });

  it('asks for activeTab, scripting and storage, and host access to the app origin only', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe('1.2.3');
    expect(manifest.permissions).toEqual(['activeTab', 'scripting', 'storage']);
    expect(manifest.host_permissions).toEqual(['https://tend.example.com/*']);
    expect(manifest.externally_connectable).toEqual({ matches: ['https://tend.example.com/*'] });
    expect(manifest).not.toHaveProperty('content_scripts');
    expect(manifest).not.toHaveProperty('optional_host_permissions');
    expect(manifest).not.toHaveProperty('web_accessible_resources');
    const access = JSON.stringify([manifest.permissions, manifest.host_permissions, manifest.externally_connectable]);
    expect(access).not.toMatch(/linkedin|licdn|<all_urls>|\*:\/\//i);
  });

  it('has the popup, the options page and a module service worker', () => {
    expect(manifest.action).toMatchObject({ default_popup: 'popup.html', default_title: 'Save to Tend' });
    expect(manifest.options_ui).toEqual({ page: 'options.html', open_in_tab: true });
    expect(manifest.background).toEqual({ service_worker: 'background.js', type: 'module' });
    expect(Object.keys(manifest.icons)).toEqual(ICON_SIZES.map(String));
  });

  it('follows the default origin of the build', () => {
    const local = buildManifest({ appOrigin: 'http://localhost:3000', version: '0.1.0' });
    expect(local.host_permissions).toEqual(['http://localhost:3000/*']);
    expect(local.externally_connectable.matches).toEqual(['http://localhost:3000/*']);
  });
});

describe('renderIcon', () => {
  /** Decodes the RGBA PNG renderIcon writes (one IDAT, filter 0). */
  function pixels(png: Buffer) {
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const at = (x: number, y: number) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4).subarray(0, 4)];
    return { width, height, at };
  }

  it.each(ICON_SIZES)('draws a %i px icon: clear corners, green square, light stem', (size) => {
    const { width, height, at } = pixels(renderIcon(size));
    expect([width, height]).toEqual([size, size]);
    expect(at(0, 0)[3]).toBe(0); // the rounded corner is transparent
    expect(at(Math.floor(size * 0.15), Math.floor(size * 0.85))).toEqual([0x1f, 0x5f, 0x4a, 255]);
    const [red, green, blue] = at(Math.floor(size / 2), Math.floor(size * 0.7)); // the stem, anti-aliased when small
    for (const channel of [red, green, blue]) expect(channel).toBeGreaterThan(size >= 32 ? 230 : 120);
  });
});
