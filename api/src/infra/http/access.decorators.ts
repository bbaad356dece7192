import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'tend:isPublic';
export const CSRF_EXEMPT = 'tend:csrfExempt';
export const ALLOW_UNVERIFIED = 'tend:allowUnverified';

/** The only way out of the global sign-in requirement; the route-walking test lists every use. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Account routes a signed-in but unverified user may call (the spec confines such a user to the
 * email confirmation screen; everything else answers 403).
 */
export const AllowUnverified = () => SetMetadata(ALLOW_UNVERIFIED, true);

/**
 * For a route that proves its caller another way (Stripe signs its webhook): the CSRF guard lets
 * it through. A decision made on the route itself, so it cannot miss the path it means.
 */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);

export const EXTENSION_ALLOWED = 'tend:extensionAllowed';

/**
 * A route the Chrome extension may call with its connection token (`Authorization: Bearer`):
 * reading tiers, and finding, creating and reading contacts. Every other route refuses a bearer
 * token (403), whatever it is; the route table lists these routes.
 */
export const ExtensionAllowed = () => SetMetadata(EXTENSION_ALLOWED, true);
