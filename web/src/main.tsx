// Global styles first, so every component's own styles (imported by the component) come after
// them: design tokens and base styles, then the page layouts several features share.
import './styles/theme.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/preload';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
preloadFirstScreen(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
