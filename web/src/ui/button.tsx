import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows 'Pending…' with a spinner and blocks further clicks while an action runs. */
  pending?: boolean;
  icon?: ReactNode;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

function classes(variant: ButtonVariant, size: ButtonSize, extra: (string | false | undefined)[]): string {
  return ['ui-button', `ui-button--${variant}`, size !== 'md' && `ui-button--${size}`, ...extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'secondary',
  size = 'md',
  pending = false,
  icon,
  block,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { t } = useTranslation('ui');
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={classes(variant, size, [block && 'ui-button--block', className])}
    >
      {pending ? (
        <>
          <Spinner label={null} />
          <span>{t('button.pending')}</span>
        </>
      ) : (
        <>
          {icon && (
            <span className="ui-button__icon" aria-hidden="true">
              {icon}
            </span>
          )}
          {children}
        </>
      )}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'aria-label' | 'pending'> {
  /** Required: an icon alone has no accessible name. */
  label: string;
  icon: ReactNode;
}

/** A round, icon-only button; `label` becomes its aria-label and title. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      className={classes(variant, size, ['ui-button--icon', className])}
    >
      <span className="ui-button__icon" aria-hidden="true">
        {icon}
      </span>
    </button>
  );
}
