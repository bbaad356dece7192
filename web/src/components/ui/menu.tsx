import {
  cloneElement,
  isValidElement,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { moduleLoader, preload } from '@/lib/module-loader';
import { preloadDialogs } from './dialog';
import type { MenuItemProps, MenuRadioGroupProps, MenuSubProps } from './menu-parts';
// The menus' styles load with the first screen, not with their code: a screen's own rules that
// refine them (the contact card's width) must come after them whatever chunk arrives first.
import './menu.css';

export interface MenuProps {
  /** One button element: it opens the menu (pointer press, Enter, Space or ArrowDown). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  label?: string;
  /** Long lists scroll inside a 300 px high menu (spec: tier dropdown max height 300 px). */
  scrollable?: boolean;
  /** Extra class on the menu's panel (e.g. a wider list). */
  className?: string;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The menus' code (Radix's menu, floating-ui, focus handling: ~19 KiB gzipped) loads when a menu is
 * first wanted, not with the board: the board draws a menu trigger on every card and column, and
 * none of them is open when it first shows (docs/PERFORMANCE.md, the board's first-load JavaScript).
 */
const menuParts = moduleLoader(() => import('./menu-parts'));

/** The menus' code, loaded now (tests that open menus without waiting on a fetch). */
export const menuModules = () => menuParts();

function loadedParts() {
  const parts = menuParts.loaded;
  // Items render only inside an open menu, which renders only once its code is in.
  if (!parts) throw new Error('A menu item was rendered outside an open menu.');
  return parts;
}

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: unknown) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * A dropdown menu (Radix: keyboard navigation, Escape, focus return) with the app's styling. Until
 * it is first opened it is only its trigger: hovering or focusing the trigger fetches the menu's
 * code (and the dialogs' that its items open), so a click usually finds it in and the menu opens
 * in the same frame; a click before that opens it as soon as the code arrives. Then the Radix menu
 * takes the trigger's place and stays (the trigger element is replaced once, on that first open;
 * Radix returns the focus to the new one when the menu closes). Menus mounted after the code is in
 * are Radix menus from the start.
 */
export function Menu(props: MenuProps) {
  const { trigger, onOpenChange } = props;
  // A menu mounted once the code is in (after a first menu was opened) is the Radix menu at once.
  const [mounted, setMounted] = useState(() => menuParts.loaded !== undefined);
  const [open, setOpen] = useState(false);
  const parts = mounted ? menuParts.loaded : undefined;

  if (parts) {
    return (
      <parts.RadixMenu
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    );
  }

  const warmUp = () => {
    preload(menuParts);
    preloadDialogs();
  };
  const openFirstTime = () => {
    warmUp();
    const show = () => {
      setMounted(true);
      setOpen(true);
      onOpenChange?.(true);
    };
    // Already in (hovered first): open in this event's render. Else when it arrives; a failed
    // load leaves the trigger as it was, and the next press tries again.
    if (menuParts.loaded) show();
    else menuParts().then(show, () => undefined);
  };

  if (!isValidElement<TriggerProps>(trigger)) return trigger;
  const own = trigger.props;
  const element = trigger as ReactElement<TriggerProps & Record<string, unknown>>;
  return cloneElement(element, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      warmUp();
    },
    onFocus: (event: unknown) => {
      own.onFocus?.(event);
      warmUp();
    },
    // As Radix's trigger opens: a primary press without Ctrl, not waiting for the click; the
    // focus stays where it was, the open menu takes it.
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      openFirstTime();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.defaultPrevented || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
      event.preventDefault();
      openFirstTime();
    },
  });
}

export function MenuItem(props: MenuItemProps) {
  const { MenuItem: Item } = loadedParts();
  return <Item {...props} />;
}

/** A single choice among items (e.g. which column a card is in). */
export function MenuRadioGroup(props: MenuRadioGroupProps) {
  const { MenuRadioGroup: Group } = loadedParts();
  return <Group {...props} />;
}

export function MenuRadioItem(props: { value: string; children: ReactNode; title?: string }) {
  const { MenuRadioItem: Item } = loadedParts();
  return <Item {...props} />;
}

/**
 * What an empty menu says ("You are all caught up."): a disabled item, because a menu must hold
 * items (ARIA) and screen readers only read a menu's items.
 */
export function MenuEmpty(props: { children: ReactNode }) {
  const { MenuEmpty: Empty } = loadedParts();
  return <Empty {...props} />;
}

export function MenuSeparator() {
  const { MenuSeparator: Separator } = loadedParts();
  return <Separator />;
}

export function MenuLabel(props: { children: ReactNode }) {
  const { MenuLabel: Label } = loadedParts();
  return <Label {...props} />;
}

/** A labelled group of items (one person's row of the bell: open, Done, Snooze). */
export function MenuGroup(props: { label: string; className?: string; children: ReactNode }) {
  const { MenuGroup: Group } = loadedParts();
  return <Group {...props} />;
}

/** A sub-menu (Radix: keyboard, focus and pointer grace handled) with the app's styling. */
export function MenuSub(props: MenuSubProps) {
  const { MenuSub: Sub } = loadedParts();
  return <Sub {...props} />;
}
