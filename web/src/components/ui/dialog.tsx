import { useLayoutEffect, useRef, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { moduleLoader, preload, useLoadedModules } from '@/lib/module-loader';
import { Button } from './button';
import { rememberFocus, type FocusReturn } from './focus-return';
// The dialogs' styles load with the first screen, not with their code: a screen's own rules that
// refine them (the contact card's width) must come after them whatever chunk arrives first.
import './dialog.css';

/**
 * The dialogs' code (Radix's dialog, focus trap, scroll lock: ~13 KiB gzipped) loads when a dialog
 * first opens, or ahead of it when a trigger that opens one is hovered or focused (`preloadDialogs`).
 * A closed dialog renders nothing either way, so the board, which mounts a closed confirmation per
 * column, no longer carries that code in its first load (docs/PERFORMANCE.md).
 */
const dialogParts = moduleLoader(() => import('./dialog-parts'));

/** Fetches the dialogs' code ahead of a click that would open one (hover or focus of its trigger). */
export function preloadDialogs(): void {
  preload(dialogParts);
}

/** The dialogs' code, for a screen that loads its own code and opens a dialog at once (the contact card), and tests. */
export const dialogModules = () => dialogParts();

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Rendered as the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Hides the corner close button (confirmations close through their own buttons). */
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Where the focus goes back when it closes, when not the control that held the focus as it opened
   * (by default the focus returns there, or to a menu's trigger for a menu item: focus-return.ts).
   * A new one given while it is open, or as it closes, wins: the control that replaced the opener.
   */
  returnFocusTo?: HTMLElement | null;
}

/** What the Radix half gets besides the modal's props: where to put the focus back (filled as it opens). */
export interface ModalPartsProps extends ModalProps {
  focusReturn: RefObject<FocusReturn | null>;
}

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string;
  children: ReactNode;
  /**
   * Where the focus goes when the frame closes (it is opened from a route, not from a Radix trigger:
   * without this the focus fell to the page). Read as it closes; null leaves Radix's default.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * Every modal in the app: Radix Dialog (focus trap, Escape, aria-modal, labelled by its title). A
 * modal opened over another hides the one behind it until it closes (see dialog-parts.tsx).
 */
export function Modal(props: ModalProps) {
  const { open, returnFocusTo } = props;
  const parts = useLoadedModules(dialogParts, open);
  const focusReturn = useRef<FocusReturn | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    // Before the dialog takes the focus (Radix moves it in an effect; the first time, its code is still
    // loading): the control that opened it, which a click or a menu item's Enter has just focused.
    if (open && !wasOpen.current) focusReturn.current = rememberFocus(returnFocusTo);
    // A returnFocusTo given since, until the focus goes back: the control that replaced the opener.
    else if (returnFocusTo && focusReturn.current)
      focusReturn.current = { ...focusReturn.current, opener: returnFocusTo };
    wasOpen.current = open;
  }, [open, returnFocusTo]);
  return parts ? <parts.Modal {...props} focusReturn={focusReturn} /> : null;
}

/**
 * The bare Radix dialog (overlay, focus trap, Escape, aria-modal) for screens that lay out their own
 * header, such as the contact card. Put a `DialogTitle` inside.
 */
export function DialogFrame(props: DialogFrameProps) {
  const parts = useLoadedModules(dialogParts, props.open);
  return parts ? <parts.DialogFrame {...props} /> : null;
}

/** The title of a `DialogFrame`: rendered only inside an open one, so its code is in. */
export function DialogTitle(props: ComponentProps<'h2'>) {
  const parts = dialogParts.loaded;
  if (!parts) throw new Error('DialogTitle was rendered outside an open dialog.');
  return <parts.DialogTitle {...props} />;
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: 'primary' | 'danger';
}

/** Title, text, Cancel and one confirming action (which spins while `pending`). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  tone = 'primary',
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
