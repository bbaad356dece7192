import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { dialogModules } from '@/components/ui/dialog';
import { menuModules } from '@/components/ui/menu';
import { tooltipModules } from '@/components/ui/tooltip';

beforeAll(async () => {
  // Menus, dialogs and tooltips load their code on first use (the board's first load carries none
  // of it); in the app a hover or focus of their trigger fetches it ahead of the click. Components
  // are tested as they behave once it is in; menu.test.tsx and dialog.test.tsx test the first use.
  await Promise.all([dialogModules(), menuModules(), tooltipModules()]);
});

beforeEach(() => {
  // jsdom has no layout: the router's scroll restoration would log "not implemented".
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
