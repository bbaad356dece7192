import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Text, or text with decoration (e.g. an aria-hidden '*' before a required field's name). */
  label: ReactNode;
  /** Shown under the input; linked with aria-describedby. */
  hint?: ReactNode;
  error?: string | null;
  /** Rendered inside the input frame, after the input (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  hideLabel?: boolean;
}

export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

export function useFieldIds(hint: ReactNode, error: string | null | undefined): FieldIds {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

interface FieldFrameProps {
  ids: FieldIds;
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string | undefined;
  /** The control and anything drawn inside its frame. */
  children: ReactNode;
}

/** The one layout of every field: label, framed control, hint, error. */
export function FieldFrame({ ids, label, hideLabel = false, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={['field__control', error ? 'field__control--invalid' : ''].filter(Boolean).join(' ')}>
        {children}
      </div>
      {hint ? (
        <div id={ids.hintId} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, trailing, hideLabel = false, className, ...inputProps },
  ref,
) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={ids.id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
      {trailing}
    </FieldFrame>
  );
});

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** A multi-line field with the same label, hint and error layout as `TextField`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, className, ...textareaProps },
  ref,
) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textareaProps}
      />
    </FieldFrame>
  );
});
