/** What the extension's pages in the app say (connect page, install page). */
export const EXTENSION_MESSAGES = {
  invalidLink: 'This link is missing the extension’s id.',
  connectFailed: 'The extension could not be connected.',
  notInstalled:
    'This browser has no Tend extension that can connect to this address. Install it (see How to install), then click Connect to Tend in the extension again.',
} as const;
