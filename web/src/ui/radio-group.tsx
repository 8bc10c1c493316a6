import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import './radio-group.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  label: ReactNode;
  /** Hide the group label visually (it is still announced). */
  hideLabel?: boolean;
  options: RadioOption<V>[];
  value: V | undefined;
  onValueChange: (value: V) => void;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/** Arrow keys move between options (roving focus), as screen reader users expect. */
export function RadioGroup<V extends string>({
  label,
  hideLabel,
  options,
  value,
  onValueChange,
  name,
  disabled,
  className,
}: RadioGroupProps<V>) {
  const id = useId();
  return (
    <div className={['ui-radio-group', className].filter(Boolean).join(' ')}>
      <div id={`${id}-label`} className={hideLabel ? 'visually-hidden' : 'ui-radio-group__label'}>
        {label}
      </div>
      <RadixRadioGroup.Root
        aria-labelledby={`${id}-label`}
        className="ui-radio-group__options"
        value={value}
        onValueChange={(next) => onValueChange(next as V)}
        name={name}
        disabled={disabled}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="ui-radio">
              <RadixRadioGroup.Item
                id={optionId}
                value={option.value}
                disabled={option.disabled}
                className="ui-radio__control"
                aria-describedby={option.description ? `${optionId}-description` : undefined}
              >
                <RadixRadioGroup.Indicator className="ui-radio__dot" />
              </RadixRadioGroup.Item>
              <span className="ui-radio__text">
                <label htmlFor={optionId} className="ui-radio__label">
                  {option.label}
                </label>
                {option.description && (
                  <span id={`${optionId}-description`} className="ui-radio__description">
                    {option.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </RadixRadioGroup.Root>
    </div>
  );
}
