import type { MonthKey } from '@nordlys/contract/timeline-month';
import { Check, Minus } from 'lucide-react';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupSelection, RangePreview, SelectionState } from './selection.slice';
import { groupSelection, tileSelection } from './selection.slice';
import { tileLoading } from './tile-loading';
import type { TimelineSection } from './timeline.slice';
import { CELL_GAP, cellPosition, type GridMetrics, HEADER_HEIGHT, type SectionBox } from './timeline-layout';
import { type TileCommand, type TileTexts, TimelineTile } from './timeline-tile.component';

export interface TimelineSectionViewProps {
  box: SectionBox;
  section: TimelineSection;
  metrics: GridMetrics;
  /** Top of the section relative to the rendered content. */
  top: number;
  /** The grid's first month, whose first row is the top of the page. */
  firstMonth: boolean;
  /** How many of its tiles are on the timeline's first screen (firstScreenTiles): not lazy. */
  eagerTiles: number;
  /** Rows to render, inclusive; firstRow > lastRow renders none. */
  firstRow: number;
  lastRow: number;
  /** Draw the rows as placeholder cells (during a fling) instead of tiles. */
  placeholder: boolean;
  label: string;
  selection: SelectionState;
  preview: RangePreview | null;
  formatDate: (timestamp: number) => string;
  tileTexts: TileTexts;
  onTileCommand: (command: TileCommand) => void;
  onToggleMonth: (key: MonthKey) => void;
}

function SectionView({
  box,
  section,
  metrics,
  top,
  firstMonth,
  eagerTiles,
  firstRow,
  lastRow,
  placeholder,
  label,
  selection,
  preview,
  formatDate,
  tileTexts,
  onTileCommand,
  onToggleMonth,
}: TimelineSectionViewProps) {
  const { t } = useTranslation('timeline');
  const files = section.files;
  const selecting = selection.count > 0;
  // Sections re-render as the grid scrolls: without a selection there is nothing to count.
  const status: GroupSelection =
    files && selecting
      ? groupSelection(
          selection,
          files.map((f) => f.fileID),
        )
      : 'none-selected';

  const cells = [];
  if (placeholder && firstRow <= lastRow) {
    const rowsShown = Math.min(lastRow, box.rows - 1) - firstRow + 1;
    cells.push(
      <span
        key="placeholder"
        aria-hidden="true"
        className="timeline-section__placeholder"
        style={
          {
            transform: `translateY(${HEADER_HEIGHT + firstRow * metrics.rowHeight}px)`,
            height: rowsShown * metrics.rowHeight - CELL_GAP,
            '--tile': `${metrics.tile}px`,
          } as CSSProperties
        }
      />,
    );
  } else if (firstRow <= lastRow) {
    const first = firstRow * metrics.columns;
    const last = Math.min(box.count, (lastRow + 1) * metrics.columns) - 1;
    for (let index = first; index <= last; index += 1) {
      const position = cellPosition(index, metrics);
      const file = files?.[index];
      if (file) {
        cells.push(
          <TimelineTile
            key={file.fileID}
            file={file}
            top={position.top}
            left={position.left}
            size={metrics.tile}
            selection={tileSelection(selection, file.fileID, preview)}
            selecting={selecting}
            formatDate={formatDate}
            texts={tileTexts}
            onCommand={onTileCommand}
            loading={tileLoading(index, eagerTiles, firstMonth)}
          />,
        );
      } else {
        cells.push(
          <span
            key={`skeleton-${index}`}
            aria-hidden="true"
            className="timeline-skeleton"
            style={{
              transform: `translate(${position.left}px, ${position.top}px)`,
              width: metrics.tile,
              height: metrics.tile,
            }}
          />,
        );
      }
    }
  }

  return (
    <section
      className="timeline-section"
      style={{ transform: `translateY(${top}px)`, height: box.height - CELL_GAP }}
      aria-label={label}
      aria-busy={section.status !== 'FETCHED' || undefined}
      data-section={section.key}
      data-status={section.status}
    >
      <header className="timeline-section__header" style={{ height: HEADER_HEIGHT }}>
        <h2 className="timeline-section__title">{label}</h2>
        <button
          type="button"
          className={`timeline-section__check timeline-section__check--${status}`}
          aria-pressed={status === 'all-selected' ? true : status === 'some' ? 'mixed' : false}
          aria-label={t('section.selectMonth', { month: label })}
          onClick={() => onToggleMonth(section.key)}
        >
          <span className="timeline-section__circle">
            {status === 'some' ? <Minus aria-hidden="true" /> : <Check aria-hidden="true" />}
          </span>
        </button>
      </header>
      {cells}
    </section>
  );
}

export const TimelineSectionView = memo(SectionView);
