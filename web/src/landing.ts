// Entry of the prerendered landing page (landing.html, served at / to visitors who are not signed
// in): its styles, and the links and free allowance that come from the server's configuration. No React and
// none of the app: the page is already in the HTML (docs/PERFORMANCE.md). Every link on it leads
// into the app (index.html), which loads then.
import { applyFreePlanCards, applyPublicConfigLinks } from './features/landing/public-config-links';
import { mergePublicConfig } from './lib/public-config';
// The styles of what the prerendered page shows (its components import them in the app).
import './styles/theme.css';
import './components/ui/button.css';
import './components/ui/logo.css';
import './components/ui/mobile-notice.css';
import './features/landing/site.css';
import './features/landing/landing.css';

fetch('/api/config', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
  .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : undefined))
  .catch(() => undefined)
  .then((answer) => {
    const config = mergePublicConfig(answer);
    applyPublicConfigLinks(document, config);
    applyFreePlanCards(document, config);
  })
  .catch(() => undefined);
