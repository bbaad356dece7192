/**
 * The hand-over of a connection token from the app's `/extension/connect` page:
 *
 *   chrome.runtime.sendMessage(extensionId, { type: 'tend-connect', token })
 *
 * Chrome delivers it only from pages that `externally_connectable` lists (the app origin the
 * extension was built for); this also checks the sender against the origin configured now, so a
 * token is never taken from any other page.
 */
import type { SettingsStore } from '../shared/settings';

export interface ConnectMessage {
  type: 'tend-connect';
  token: string;
}

export type ConnectReply = { ok: true } | { ok: false; error: string };

export interface MessageSender {
  origin?: string;
  url?: string;
}

/** A token as the app issues it: long, random, URL-safe. */
const TOKEN_PATTERN = /^[A-Za-z0-9_~.+/=-]{20,512}$/;

export function isConnectMessage(message: unknown): message is ConnectMessage {
  if (typeof message !== 'object' || message === null) return false;
  const record = message as Record<string, unknown>;
  return (
    record['type'] === 'tend-connect' && typeof record['token'] === 'string' && TOKEN_PATTERN.test(record['token'])
  );
}

function senderOrigin(sender: MessageSender): string | null {
  if (sender.origin) return sender.origin;
  if (!sender.url) return null;
  try {
    return new URL(sender.url).origin;
  } catch {
    return null;
  }
}

export async function handleExternalMessage(
  message: unknown,
  sender: MessageSender,
  settings: SettingsStore,
): Promise<ConnectReply> {
  const { appOrigin } = await settings.load();
  if (senderOrigin(sender) !== appOrigin) {
    return { ok: false, error: `This extension connects only to Tend at ${appOrigin}.` };
  }
  if (!isConnectMessage(message)) return { ok: false, error: 'Not a Tend connection message.' };
  await settings.setToken(message.token);
  return { ok: true };
}
