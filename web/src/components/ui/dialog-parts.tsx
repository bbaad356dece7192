import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { dismissEarlierToasts } from './toast';
import type { DialogFrameProps, ModalPartsProps } from './dialog';
import { returnFocus } from './focus-return';

// The dialogs' Radix half, loaded when a dialog first opens (dialog.tsx): the board mounts a
// closed confirmation per column and per card action, and opens none of them on its first load.

/**
 * The open modals, oldest first. A modal opened over another (the discard confirmation over Add
 * contact, 'Maintain 25 contacts?' over the limit offer) hides the one behind it, from sight and
 * from assistive technology, until it closes: two dialogs on screen showed two Cancel buttons
 * (issue 27 point 6). The contact card (`DialogFrame`) stays in view, dimmed: it is the context
 * its confirmations talk about, and Radix already hides it from assistive technology.
 */
const openModals: symbol[] = [];
const listeners = new Set<() => void>();
const notifyModals = () => listeners.forEach((listener) => listener());
const subscribeModals = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this open modal has another opened over it. */
function useCoveredModal(open: boolean): boolean {
  const [id] = useState(() => Symbol('modal'));
  useEffect(() => {
    if (!open) return;
    dismissEarlierToasts();
    openModals.push(id);
    notifyModals();
    return () => {
      openModals.splice(openModals.indexOf(id), 1);
      notifyModals();
    };
  }, [open, id]);
  return useSyncExternalStore(
    subscribeModals,
    () => openModals.includes(id) && openModals.at(-1) !== id,
    () => false,
  );
}

/** Every modal in the app: Radix Dialog (focus trap, Escape, aria-modal, labelled by its title). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideClose = false,
  size = 'sm',
  focusReturn,
}: ModalPartsProps) {
  const covered = useCoveredModal(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={covered ? 'dialog__overlay dialog--covered' : 'dialog__overlay'} />
        <RadixDialog.Content
          className={`dialog dialog--${size}${covered ? ' dialog--covered' : ''}`}
          data-covered={covered || undefined}
          onCloseAutoFocus={(event) => {
            if (returnFocus(focusReturn.current)) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {hideClose ? null : (
              <RadixDialog.Close className="icon-btn" aria-label="Close">
                <X size={18} aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description asChild>
              <div className="dialog__description">{description}</div>
            </RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The bare Radix dialog (overlay, focus trap, Escape, aria-modal) for screens that lay out their own
 * header, such as the contact card. Put a `DialogTitle` inside.
 */
export function DialogFrame({ open, onOpenChange, className, children, returnFocusTo }: DialogFrameProps) {
  useEffect(() => {
    if (open) dismissEarlierToasts();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={className}
          aria-describedby={undefined}
          // Also when the frame unmounts (its route left): Radix then asks the same question.
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogTitle = RadixDialog.Title;
