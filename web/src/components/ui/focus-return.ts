/**
 * Where the focus goes back when a modal closes. Radix returns it only to a Radix `Dialog.Trigger`;
 * the app's modals are opened from state (a button's click, a menu item), so without this the focus
 * fell to the page (<body>) or to the contact card's frame behind the modal.
 */
export interface FocusReturn {
  /** The control that opened the modal (for a menu item: the menu's trigger). */
  opener: HTMLElement;
  /** Its ancestors at that time, nearest first: a place to fall back on once it is gone. */
  ancestors: HTMLElement[];
}

/** The menu's trigger for an item of a Radix menu (its content is labelled by its trigger), else the element. */
function controlOf(element: HTMLElement): HTMLElement {
  let control = element;
  // A sub-menu's trigger is itself an item of the menu above: up to the trigger in the page.
  for (let menu = control.closest<HTMLElement>('[role="menu"]'); menu; menu = control.closest('[role="menu"]')) {
    const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    if (!trigger || trigger === control) break;
    control = trigger;
  }
  return control;
}

/** Remembers the control that opens a modal: the given one, or the one holding the focus now. */
export function rememberFocus(opener: HTMLElement | null = null): FocusReturn | null {
  const active = opener ?? document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const control = controlOf(active);
  const ancestors: HTMLElement[] = [];
  for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    ancestors.push(parent);
  }
  return { opener: control, ancestors };
}

/**
 * A tab that asked first ('Discard Interaction Notes?') and was refused is not focused again: a Radix
 * tab is chosen as it takes the focus, which would ask again. Its list's chosen tab is.
 */
function landingControl(opener: HTMLElement): HTMLElement {
  if (opener.getAttribute('role') !== 'tab' || opener.getAttribute('aria-selected') === 'true') return opener;
  return opener.closest('[role="tablist"]')?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? opener;
}

/** An ancestor worth landing on: focusable, or a named region or list ('Contacts in New'), or the main region. */
function isLandingPlace(element: HTMLElement): boolean {
  return (
    element.hasAttribute('tabindex') ||
    element.hasAttribute('aria-label') ||
    element.hasAttribute('aria-labelledby') ||
    element.tagName === 'MAIN'
  );
}

/**
 * Focuses the opener again. When it is gone, unless the screen has already put the focus somewhere:
 * the control drawn in its place, else (the card was deleted or moved away) the nearest of its former
 * ancestors still in the page that is a landing place (the column's list, the column, the board's
 * main region). Returns whether it moved the focus.
 */
export function returnFocus(target: FocusReturn | null): boolean {
  if (!target) return false;
  if (target.opener.isConnected) {
    landingControl(target.opener).focus();
    return true;
  }
  const lost = document.activeElement === null || document.activeElement === document.body;
  const place = lost ? target.ancestors.find((element) => element.isConnected) : undefined;
  if (!place) return false;
  const twin = replacementIn(place, target.opener);
  if (twin) {
    twin.focus();
    return true;
  }
  const landing = [place, ...target.ancestors.slice(target.ancestors.indexOf(place) + 1)].find(isLandingPlace);
  if (!landing) return false;
  focusLandingPlace(landing);
  return true;
}

function focusLandingPlace(place: HTMLElement): void {
  if (!place.hasAttribute('tabindex')) {
    // Focusable by script only while it holds the focus: not a stop for Tab, no tabindex left behind.
    place.setAttribute('tabindex', '-1');
    place.addEventListener('blur', () => place.removeAttribute('tabindex'), { once: true });
  }
  place.focus();
}

/**
 * The control drawn in the opener's place since, the same kind with the same name: a tooltip's or a
 * menu's trigger becomes a new element once its code is in (tooltip.tsx, menu.tsx), which can happen
 * while the modal is open.
 */
function replacementIn(place: HTMLElement, opener: HTMLElement): HTMLElement | undefined {
  const name = opener.getAttribute('aria-label');
  const text = opener.textContent;
  return Array.from(place.querySelectorAll<HTMLElement>(opener.tagName)).find(
    (candidate) => candidate.getAttribute('aria-label') === name && candidate.textContent === text,
  );
}
