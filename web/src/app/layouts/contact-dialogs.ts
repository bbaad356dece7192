import { dialogModules } from '@/components/ui/dialog';
import { moduleLoader } from '../lazy-screen';

// The contact dialogs (forms, validation with zod, tabs, photo cropping) load when one opens: the
// board's first load carries only what draws the columns (docs/PERFORMANCE.md). Their loaders live
// here, apart from the board screen, so the first screen's preload can start the card's code when
// a visit starts at /kanban/{id}, without the board's code in the page's entry.
// Each loads the dialogs' own code with it (loaded on first use too), so opening one is one round trip.
export const contactCardModules = moduleLoader(() =>
  Promise.all([import('@/features/contact/components/contact-card-modal'), dialogModules()]).then(([card]) => card),
);
export const addContactModules = moduleLoader(() =>
  Promise.all([import('@/features/contact/components/add-contact-modal'), dialogModules()]).then(([add]) => add),
);
