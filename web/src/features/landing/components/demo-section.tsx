import { Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@/lib/routes';
import { DEMO_VIDEO } from '../demo-video';
import './demo-section.css';

/** The demo video's poster, a link to the demo page that plays it. */
export function DemoSection() {
  return (
    <section id="demo" className="demo" aria-labelledby="demo-title">
      <h2 id="demo-title" className="section-title">
        {DEMO_VIDEO.title}
      </h2>
      <p className="section-subtitle">{DEMO_VIDEO.summary}</p>
      {/* The poster, linking to the demo page that plays the video: the landing page has no
          script and no video element, so the video costs its first paint nothing
          (docs/PERFORMANCE.md). The poster loads lazily, decodes off the main thread, and has its
          box reserved by width and height, so it moves nothing when it arrives. */}
      <Link className="demo__poster" to={ROUTES.demo} aria-label={`Play the video. ${DEMO_VIDEO.label}`}>
        <img
          src={DEMO_VIDEO.poster}
          width={DEMO_VIDEO.width}
          height={DEMO_VIDEO.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
        <span className="demo__play" aria-hidden="true">
          <Play size={32} fill="currentColor" />
        </span>
      </Link>
    </section>
  );
}
