import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { TopBar } from './top-bar';
import './app-shell.css';

/**
 * Settings, Account, Plan updated, Import and the extension's pages: the settings variant of the top
 * bar (logo, no filter).
 */
export function SettingsLayout() {
  return (
    <div className="app-shell">
      <TopBar />
      <main className="app-shell__main">
        <Suspense fallback={<PageSpinner label="Loading Tend" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
