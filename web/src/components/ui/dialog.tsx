import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from './button';
import { dismissEarlierToasts } from './toast';
import './dialog.css';

interface ModalProps {
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
}

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
}: ModalProps) {
  const covered = useCoveredModal(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={covered ? 'dialog__overlay dialog--covered' : 'dialog__overlay'} />
        <RadixDialog.Content
          className={`dialog dialog--${size}${covered ? ' dialog--covered' : ''}`}
          data-covered={covered || undefined}
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

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string;
  children: ReactNode;
}

/**
 * The bare Radix dialog (overlay, focus trap, Escape, aria-modal) for screens that lay out their own
 * header, such as the contact card. Put a `DialogTitle` inside.
 */
export function DialogFrame({ open, onOpenChange, className, children }: DialogFrameProps) {
  useEffect(() => {
    if (open) dismissEarlierToasts();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content className={className} aria-describedby={undefined}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogTitle = RadixDialog.Title;

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
