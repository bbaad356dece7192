import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import './field.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Adds the spec's show/hide toggle. */
  toggle?: boolean;
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { toggle = false, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        toggle ? (
          <button
            type="button"
            className="field__toggle"
            onClick={() => setVisible((value) => !value)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
          >
            {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        ) : null
      }
      {...props}
    />
  );
});
