/**
 * Addresses that will come from `GET /api/config` once the API serves it (brief: the Chrome Web
 * Store page, support address and LinkedIn company page are configuration). Until then, one place.
 */
export const CHROME_EXTENSION_URL = 'https://chromewebstore.google.com';
export const SUPPORT_EMAIL = 'support@tend.app';
export const PRODUCT_NAME = 'Tend';
