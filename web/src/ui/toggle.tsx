import { Switch } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import './toggle.css';

export interface ToggleProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch with its label; the whole row is clickable. */
export function Toggle({ checked, onCheckedChange, label, description, disabled, className }: ToggleProps) {
  const id = useId();
  return (
    <div className={['ui-toggle', disabled && 'ui-toggle--disabled', className].filter(Boolean).join(' ')}>
      <span className="ui-toggle__text">
        <label className="ui-toggle__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <span className="ui-toggle__description" id={`${id}-description`}>
            {description}
          </span>
        )}
      </span>
      <Switch.Root
        id={id}
        className="ui-toggle__switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        <Switch.Thumb className="ui-toggle__thumb" />
      </Switch.Root>
    </div>
  );
}
