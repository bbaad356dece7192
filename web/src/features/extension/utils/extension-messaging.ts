import {
  EXTENSION_CONNECT_MESSAGE_TYPE,
  type ExtensionConnectMessage,
  type ExtensionConnectReply,
} from '@tend/contracts';

/** The part of `chrome.runtime` a web page sees when an extension lists its origin in `externally_connectable`. */
interface PageRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

function pageRuntime(): PageRuntime | null {
  const chrome = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome;
  const runtime = chrome?.runtime;
  return runtime && typeof runtime.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

/**
 * Whether this page can message an extension at all: Chrome gives a page `chrome.runtime.sendMessage`
 * only when an installed extension lists the page's origin in `externally_connectable` (ours does,
 * for the origin it was built for). False in another browser, or when no such extension is installed.
 */
export function canMessageExtensions(): boolean {
  return pageRuntime() !== null;
}

export const EXTENSION_NOT_REACHED_MESSAGE =
  'The Tend extension did not answer. Make sure it is installed and enabled in this browser, then open this page again from the extension.';

/**
 * Hands the token to the extension (its service worker checks that the message comes from the app's
 * origin and keeps the token). Resolves with the extension's reply; never rejects.
 */
export function sendTokenToExtension(
  extensionId: string,
  token: string,
  timeoutMs = 5_000,
): Promise<ExtensionConnectReply> {
  const runtime = pageRuntime();
  if (!runtime) return Promise.resolve({ ok: false, error: EXTENSION_NOT_REACHED_MESSAGE });
  const message: ExtensionConnectMessage = { type: EXTENSION_CONNECT_MESSAGE_TYPE, token };
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: EXTENSION_NOT_REACHED_MESSAGE }), timeoutMs);
    try {
      runtime.sendMessage(extensionId, message, (reply: unknown) => {
        clearTimeout(timer);
        // Reading lastError marks it handled (Chrome logs an unchecked one).
        if (runtime.lastError) return resolve({ ok: false, error: EXTENSION_NOT_REACHED_MESSAGE });
        const record = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>;
        if (record['ok'] === true) return resolve({ ok: true });
        resolve({
          ok: false,
          error: typeof record['error'] === 'string' ? record['error'] : EXTENSION_NOT_REACHED_MESSAGE,
        });
      });
    } catch {
      clearTimeout(timer);
      resolve({ ok: false, error: EXTENSION_NOT_REACHED_MESSAGE });
    }
  });
}
