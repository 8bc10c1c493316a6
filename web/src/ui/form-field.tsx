import { createContext, type ReactNode, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './form-field.css';

/** 'required' and 'invalid' show the spec's generic messages; anything else is shown as given. */
export type FieldError = 'required' | 'invalid' | { message: ReactNode };

export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** Props a control inside a FormField needs for its label, error and hint wiring. */
export const useFormFieldControl = (): FieldControlProps | null => useContext(FieldContext);

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  error?: FieldError | null;
  hint?: ReactNode;
  /** The control; TextInput (and controls using useFormFieldControl) wire themselves up. */
  children: ReactNode;
  /** Use when the control is not built on useFormFieldControl, to connect the label. */
  id?: string;
  className?: string;
}

export function FormField({ label, required, error, hint, children, id, className }: FormFieldProps) {
  const { t } = useTranslation('ui');
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const message =
    error === 'required'
      ? t('form.required')
      : error === 'invalid'
        ? t('form.invalid')
        : (error?.message ?? null);
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    required,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
  };

  return (
    <div className={['ui-field', message && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {required && (
          <>
            <span className="ui-field__required" aria-hidden="true">
              {' *'}
            </span>
            <span className="visually-hidden">{` (${t('form.requiredMark')})`}</span>
          </>
        )}
      </label>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {/* Always rendered so an error appearing does not push the rest of the form down. */}
      <p id={errorId} className="ui-field__error" role={message ? 'alert' : undefined}>
        {message}
      </p>
    </div>
  );
}
