import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Slide, ToastContainer, toast, type Id, type ToastOptions } from 'react-toastify';
import './toast.css';

/** PRODUCT.md §9: success 2 s, error/info 4 s, at most 20, width 350 px; auth screens 5000 ms. */
export const TOAST_DURATIONS = { success: 2000, error: 4000, info: 4000 } as const;
export const AUTH_TOAST_DURATION = 5000;
export const TOAST_LIMIT = 20;
/** A toast with an Undo stays long enough to reach its button (2 s is too short to read and click). */
export const UNDO_TOAST_DURATION = 8000;

export function Toaster() {
  return (
    <ToastContainer
      position="top-center"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATIONS.error}
      closeButton
      newestOnTop
      pauseOnFocusLoss
      transition={Slide}
      theme="colored"
      className="toaster"
    />
  );
}

/**
 * When each toast on screen appeared, and when the person last clicked or typed: a dialog that
 * opens dismisses the toasts of earlier actions (a stale "Contact saved." over the delete
 * confirmation, issue 27 point 4) and keeps the one its own click raised ("Contact added." as the
 * new card opens).
 */
const shownAt = new Map<Id, number>();
let lastInputAt = 0;
if (typeof document !== 'undefined') {
  const seen = () => {
    lastInputAt = performance.now();
  };
  document.addEventListener('pointerdown', seen, { capture: true });
  document.addEventListener('keydown', seen, { capture: true });
}

toast.onChange((item) => {
  if (item.status === 'removed') shownAt.delete(item.id);
});

function track(id: Id): void {
  shownAt.set(id, performance.now());
}

/** Dismisses the toasts raised before the click or key press that opened a dialog. */
export function dismissEarlierToasts(): void {
  for (const [id, at] of shownAt) {
    if (at < lastInputAt) {
      toast.dismiss(id);
      shownAt.delete(id);
    }
  }
}

const DurationContext = createContext<number | null>(null);

/** Wraps the auth screens so their toasts stay 5 seconds. */
export function AuthToastDuration({ children }: { children: ReactNode }) {
  return <DurationContext.Provider value={AUTH_TOAST_DURATION}>{children}</DurationContext.Provider>;
}

export interface NotifyOptions extends ToastOptions {
  /** A second line under the message, e.g. the server's reason. */
  detail?: string | null;
  /** A button in the toast ("Undo"); clicking it closes the toast. */
  action?: { label: string; onClick: () => void } | undefined;
}

export interface Notify {
  success: (message: string, options?: NotifyOptions) => void;
  error: (message: string, options?: NotifyOptions) => void;
  info: (message: string, options?: NotifyOptions) => void;
}

function content(
  message: string,
  detail: string | null | undefined,
  action: NotifyOptions['action'],
): ReactNode | ((props: { closeToast: () => void }) => ReactNode) {
  if (action) {
    return ({ closeToast }) => (
      <div className="toast-body toast-body--action">
        <p className="toast-body__message">{message}</p>
        <button
          type="button"
          className="toast-body__action"
          onClick={() => {
            action.onClick();
            closeToast();
          }}
        >
          {action.label}
        </button>
      </div>
    );
  }
  if (!detail || detail === message) return message;
  return (
    <div className="toast-body">
      <p className="toast-body__message">{message}</p>
      <p className="toast-body__detail">{detail}</p>
    </div>
  );
}

/** Toast helpers with the spec's durations for the current screen. */
export function useNotify(): Notify {
  const override = useContext(DurationContext);
  return useMemo(
    () => ({
      success: (message, { detail, action, ...options } = {}) => {
        track(
          toast.success(content(message, detail, action), {
            autoClose: action ? UNDO_TOAST_DURATION : (override ?? TOAST_DURATIONS.success),
            ...options,
          }),
        );
      },
      error: (message, { detail, action, ...options } = {}) => {
        track(
          toast.error(content(message, detail, action), { autoClose: override ?? TOAST_DURATIONS.error, ...options }),
        );
      },
      info: (message, { detail, action, ...options } = {}) => {
        track(
          toast.info(content(message, detail, action), { autoClose: override ?? TOAST_DURATIONS.info, ...options }),
        );
      },
    }),
    [override],
  );
}
