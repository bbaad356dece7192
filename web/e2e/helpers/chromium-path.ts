/** Debian's Chromium (shared with the API's benchmarks through @tend/test-kit). */
export { CHROMIUM_PATH } from '@tend/test-kit';
