// Entry of the prerendered landing page (landing.html, served at / to visitors who are not signed
// in): its styles only. The build puts them into the page and drops this entry's script tags
// (vite.config.ts, `inlineLandingStyles`), so the page loads no JavaScript at all: the server fills
// in its configured links and free allowance when it starts (api/src/infra/http/landing-page.ts).
// Every link on it leads into the app (index.html), which loads then.
// The styles of what the prerendered page shows (its components import them in the app).
import './styles/theme.css';
import './components/ui/button.css';
import './components/ui/logo.css';
import './components/ui/mobile-notice.css';
import './features/landing/site.css';
import './features/landing/components/landing-hero.css';
import './features/landing/components/landing-stats.css';
import './features/landing/components/demo-section.css';
import './features/landing/components/features-section.css';
import './features/landing/components/testimonials-section.css';
import './features/landing/components/pricing-section.css';
import './features/landing/components/newsletter-section.css';
import './features/landing/components/landing-page.css';
