import { type ReactNode, useId } from 'react';
import type { EditState } from './engine/edit-state';

/** What every tab gets: the current state, a way to change it, and the end of a gesture. */
export interface TabProps {
  state: EditState;
  /** A new step; changes under the same group fold into one step until the gesture ends. */
  change(next: EditState | ((present: EditState) => EditState), group?: string): void;
  endGesture(): void;
}

/** A labelled range input; a drag (or held arrow key) is one undo step. */
export function Slider({
  label,
  value,
  min = -1,
  max = 1,
  step = 0.01,
  format = (v) => `${Math.round(v * 100)}`,
  onChange,
  onEnd,
  name,
}: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  format?: (value: number) => string;
  onChange(value: number): void;
  onEnd(): void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="editor-slider">
      <div className="editor-slider__head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{format(value)}</output>
      </div>
      <input
        id={id}
        name={name}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        onPointerUp={onEnd}
        onKeyUp={onEnd}
        onBlur={onEnd}
      />
    </div>
  );
}

/** A titled group of controls in a tab's panel. */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="editor-panel__section" aria-labelledby={id}>
      <h3 id={id} className="editor-panel__heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A row of choices where one is on (aria-pressed buttons). */
export function ChoiceGrid<T extends string>({
  label,
  options,
  value,
  onChoose,
  render,
  columns = 3,
}: {
  label: string;
  options: readonly T[];
  value: T | null;
  onChoose(option: T): void;
  render(option: T): ReactNode;
  columns?: number;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="editor-choices" role="group" aria-label={label} style={{ '--columns': columns } as never}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="editor-choice"
          aria-pressed={value === option}
          onClick={() => onChoose(option)}
        >
          {render(option)}
        </button>
      ))}
    </div>
  );
}

export const newId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
