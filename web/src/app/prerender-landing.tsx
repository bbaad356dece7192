import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { MobileNotice } from '@/components/ui/mobile-notice';
import { LandingPage } from '@/features/landing/components/landing-page';

export interface PrerenderedPage {
  /** The document title the page sets. */
  title: string;
  /** What the app renders into #root, as a visitor who is not signed in sees it. */
  markup: string;
}

/**
 * The landing page as static HTML, rendered at build time (vite.config.ts) into landing.html: the
 * same components the app shows at /, as the route gate shows them to a visitor (the mobile notice,
 * then the page), with the configuration's defaults: the server fills in its configured links and
 * free allowance (api/src/infra/http/landing-page.ts).
 */
export function prerenderLandingPage(): PrerenderedPage {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location="/">
        <MobileNotice />
        <LandingPage />
      </StaticRouter>
    </QueryClientProvider>,
  );
  // React renders the page's <title> where the component is; the document's head is its place.
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'Tend';
  return { title, markup: html.replace(/<title>[^<]*<\/title>/, '') };
}
