import { PageTitle } from '@/components/ui/page-title';
import { DemoSection } from './demo-section';
import { FeaturesSection } from './features-section';
import { LandingHero } from './landing-hero';
import { LandingStats } from './landing-stats';
import { NewsletterSection } from './newsletter-section';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TestimonialsSection } from './testimonials-section';
import './landing-page.css';

export function LandingPage() {
  return (
    <div className="landing">
      <PageTitle>Keep your professional network warm</PageTitle>
      <SiteHeader sections />
      <main>
        <LandingHero />
        <LandingStats />
        <DemoSection />
        <FeaturesSection />
        <TestimonialsSection />
        <PricingSection />
        <NewsletterSection />
      </main>
      <SiteFooter />
    </div>
  );
}
