import { freePlanCardsText } from '@tend/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { useFreePlanCardLimit } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { DEMO_VIDEO } from '../demo-video';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './demo-section.css';
import './landing-page.css';

/**
 * The demo video, played: the landing page's poster links here. Muted (the recording has no sound),
 * with controls, starting on arrival since the visitor asked for it.
 */
export function DemoPage() {
  const freeCards = useFreePlanCardLimit();
  return (
    <div className="landing">
      <PageTitle>{DEMO_VIDEO.title}</PageTitle>
      <SiteHeader />
      <main className="demo demo--page">
        <h1 className="section-title">{DEMO_VIDEO.title}</h1>
        <p className="section-subtitle">{DEMO_VIDEO.summary}</p>
        <video
          className="demo__video"
          controls
          muted
          autoPlay
          playsInline
          poster={DEMO_VIDEO.poster}
          width={DEMO_VIDEO.width}
          height={DEMO_VIDEO.height}
          aria-label={DEMO_VIDEO.label}
        >
          <source src={DEMO_VIDEO.src} type="video/webm" />
          <a href={DEMO_VIDEO.src}>Download the demo video (WebM)</a>
        </video>
        <div className="pricing__cta">
          <Link className={buttonClassName({ size: 'lg' })} to={ROUTES.signUp}>
            <span>Start with {freePlanCardsText(freeCards)} free cards</span>
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
