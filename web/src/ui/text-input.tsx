import type { InputHTMLAttributes, Ref } from 'react';
import { useFormFieldControl } from './form-field';
import './text-input.css';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  /** Marks the input invalid when used outside a FormField. */
  invalid?: boolean;
}

/** A single-line input; inside a FormField it takes its id, required flag and aria wiring from it. */
export function TextInput({ className, invalid, type = 'text', ...rest }: TextInputProps) {
  const field = useFormFieldControl();
  return (
    <input
      type={type}
      {...field}
      aria-invalid={invalid || field?.['aria-invalid'] ? true : undefined}
      {...rest}
      className={['ui-input', className].filter(Boolean).join(' ')}
    />
  );
}
