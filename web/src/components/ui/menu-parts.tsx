import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MenuProps } from './menu';

// The menus' Radix half, loaded when a menu is first opened (menu.tsx): Radix's menu, its
// positioning (floating-ui) and its focus handling are a third of the board's first-load script.

/** Radix dropdown menu (keyboard navigation, Escape, focus return) with the app's styling. */
export function RadixMenu({
  trigger,
  children,
  align = 'end',
  label,
  scrollable = false,
  className,
  open,
  onOpenChange,
}: Omit<MenuProps, 'onOpenChange'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={['menu', scrollable ? 'menu--scroll' : '', className ?? ''].filter(Boolean).join(' ')}
          align={align}
          sideOffset={6}
          aria-label={label}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps {
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** The menu stays open after this item (e.g. Done on one row of the bell, with more to handle). */
  keepOpen?: boolean;
  /** The item's name when its text alone would be ambiguous ("Done" on each row: "Done: Ada Lovelace"). */
  'aria-label'?: string;
}

export function MenuItem({
  onSelect,
  icon,
  children,
  className,
  disabled,
  keepOpen = false,
  'aria-label': ariaLabel,
}: MenuItemProps) {
  return (
    <DropdownMenu.Item
      className={className ? `menu__item ${className}` : 'menu__item'}
      onSelect={(event) => {
        if (keepOpen) event.preventDefault();
        onSelect();
      }}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      {icon}
      <span>{children}</span>
    </DropdownMenu.Item>
  );
}

export interface MenuRadioGroupProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}

/** A single choice among items (e.g. which column a card is in). */
export function MenuRadioGroup({ value, onValueChange, children }: MenuRadioGroupProps) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange}>
      {children}
    </DropdownMenu.RadioGroup>
  );
}

export function MenuRadioItem({ value, children, title }: { value: string; children: ReactNode; title?: string }) {
  return (
    <DropdownMenu.RadioItem className="menu__item menu__item--radio" value={value} title={title}>
      <span className="menu__indicator" aria-hidden="true">
        <DropdownMenu.ItemIndicator>
          <Check size={14} />
        </DropdownMenu.ItemIndicator>
      </span>
      <span>{children}</span>
    </DropdownMenu.RadioItem>
  );
}

/**
 * What an empty menu says ("You are all caught up."): a disabled item, because a menu must hold
 * items (ARIA) and screen readers only read a menu's items.
 */
export function MenuEmpty({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Item className="menu__empty" disabled>
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu__separator" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="menu__label">{children}</DropdownMenu.Label>;
}

/** A labelled group of items (one person's row of the bell: open, Done, Snooze). */
export function MenuGroup({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <DropdownMenu.Group className={className} aria-label={label}>
      {children}
    </DropdownMenu.Group>
  );
}

export interface MenuSubProps {
  /** The trigger's text; ArrowRight or Enter opens the sub-menu, ArrowLeft or Escape closes it. */
  trigger: ReactNode;
  /** The trigger's accessible name, when its text alone is ambiguous. */
  triggerLabel?: string;
  triggerClassName?: string;
  icon?: ReactNode;
  /** The sub-menu's name. */
  label: string;
  children: ReactNode;
}

/** A sub-menu (Radix: keyboard, focus and pointer grace handled) with the app's styling. */
export function MenuSub({ trigger, triggerLabel, triggerClassName, icon, label, children }: MenuSubProps) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger
        className={['menu__item', 'menu__item--sub', triggerClassName ?? ''].filter(Boolean).join(' ')}
        aria-label={triggerLabel}
      >
        {icon}
        <span>{trigger}</span>
        <ChevronRight size={14} aria-hidden="true" className="menu__sub-chevron" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent className="menu" sideOffset={4} aria-label={label}>
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
