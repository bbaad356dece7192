import { useLocation } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { ROUTES } from '@/lib/routes';
import { usePublicConfig } from '@/lib/config';
import { privacyPolicy, termsOfUse } from '../legal-content';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import '../legal.css';

/** Terms of Use or Privacy Policy, chosen by path (spec). */
export function LegalPage() {
  const { pathname } = useLocation();
  const { support_email: supportEmail } = usePublicConfig();
  const document = pathname.startsWith(ROUTES.privacyPolicy) ? privacyPolicy(supportEmail) : termsOfUse(supportEmail);
  return (
    <div className="landing">
      <PageTitle>{document.title}</PageTitle>
      <SiteHeader />
      <main className="legal">
        <h1 className="legal__title">{document.title}</h1>
        <p className="legal__updated">Last updated {document.lastUpdated}</p>
        {document.sections.map((section, index) => (
          <section key={section.title} className="legal__section">
            <h2 className="legal__heading">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}
