import type { MonthKey } from '@nordlys/contract/timeline-month';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScrollerMark {
  key: MonthKey;
  year: number;
  /** Position of the month's top in the whole timeline, 0..1. */
  fraction: number;
}

export interface FastScrollerProps {
  marks: readonly ScrollerMark[];
  /** Where the viewport is, 0..1. */
  fraction: number;
  currentLabel: string;
  hint: string | null;
  onJump: (fraction: number) => void;
  onActivity: () => void;
}

/**
 * The fast scroller by year and month (core.md §2): a track on the right edge where every point
 * is a place in the whole timeline, so any month is one drag away even at a million files.
 */
export function FastScroller({ marks, fraction, currentLabel, hint, onJump, onActivity }: FastScrollerProps) {
  const { t } = useTranslation('timeline');
  const railRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const jumpTo = (clientY: number) => {
    const rect = railRef.current?.getBoundingClientRect();
    if (!rect || rect.height === 0) return;
    onJump(Math.min(1, Math.max(0, (clientY - rect.top) / rect.height)));
  };
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    jumpTo(event.clientY);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    onActivity();
    if (dragging.current) jumpTo(event.clientY);
  };
  const stop = () => {
    dragging.current = false;
  };

  // One label per year, at its newest month.
  const years: ScrollerMark[] = [];
  for (const mark of marks) if (years.at(-1)?.year !== mark.year) years.push(mark);

  return (
    <div className="fast-scroller" onPointerEnter={onActivity}>
      {hint ? (
        <p className="fast-scroller__hint" role="status">
          {hint}
        </p>
      ) : null}
      <div
        className="fast-scroller__track"
        role="slider"
        tabIndex={0}
        aria-label={t('scroller.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuetext={currentLabel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stop}
        onPointerCancel={stop}
        onKeyDown={(event) => {
          onActivity();
          const index = marks.findIndex((m) => m.fraction > fraction + 1e-9);
          const current = Math.max(0, (index < 0 ? marks.length : index) - 1);
          if (event.key === 'ArrowDown' || event.key === 'PageDown') {
            event.preventDefault();
            const next = marks[Math.min(marks.length - 1, current + 1)];
            if (next) onJump(next.fraction);
          } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
            event.preventDefault();
            const exact = marks[current]?.fraction === fraction;
            const previous = marks[Math.max(0, exact ? current - 1 : current)];
            if (previous) onJump(previous.fraction);
          }
        }}
      >
        <div ref={railRef} className="fast-scroller__rail">
          {years.map((year) => (
            <span key={year.key} className="fast-scroller__year" style={{ top: `${year.fraction * 100}%` }}>
              {year.year}
            </span>
          ))}
          {marks.map((mark) => (
            <span key={mark.key} className="fast-scroller__dot" style={{ top: `${mark.fraction * 100}%` }} />
          ))}
          <span className="fast-scroller__thumb" style={{ top: `${fraction * 100}%` }}>
            <span className="fast-scroller__bubble">{currentLabel}</span>
          </span>
        </div>
      </div>
    </div>
  );
}
