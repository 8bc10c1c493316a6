import { type MonthKey, yearMonthOf } from '@nordlys/contract/timeline-month';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FastScroller, type ScrollerMark } from './fast-scroller.component';
import {
  pinchDirection,
  readZoom,
  saveZoom,
  stepZoom,
  wheelZoom,
  ZOOM_HINT_MS,
  type ZoomDirection,
  zoomCell,
} from './grid-zoom';
import { markHintShown, type SavedScroll, shouldShowHint } from './scroll-position.storage';
import {
  clampLogical,
  maxLogicalOffset,
  scrollSpace,
  toLogical,
  toPhysical,
  wheelDeltaPx,
} from './scroll-space';
import type { RangePreview, SelectionState } from './selection.slice';
import { firstScreenTiles } from './tile-loading';
import type { TimelineSection } from './timeline.slice';
import {
  detectFastScroll,
  gridMetrics,
  layoutSections,
  locate,
  RENDERED_WINDOW,
  rowsInWindow,
  SCROLL_STEP,
  type ScrollSample,
  sectionsInWindow,
  VISIBLE_GROUP_WINDOW,
} from './timeline-layout';
import { TimelineSectionView } from './timeline-section.component';
import type { TileCommand, TileTexts } from './timeline-tile.component';

/** core.md §9: the fast scroller closes 3 s after the last activity. */
export const SCROLLER_AUTO_CLOSE_MS = 3000;
const WINDOW_QUANTUM = 100;
/** Tiles come back this long after the last scroll event of a fling. */
const FLING_SETTLE_MS = 150;

export interface TimelineGridHandle {
  openScroller(): void;
  scrollToSection(key: MonthKey): void;
}

export interface TimelineGridProps {
  sections: readonly TimelineSection[];
  selection: SelectionState;
  preview: RangePreview | null;
  labelOf: (key: MonthKey) => string;
  formatDate: (timestamp: number) => string;
  tileTexts: TileTexts;
  initialPosition: Omit<SavedScroll, 'filter'> | null;
  scrollerHint: string | null;
  onScrollerShown: () => void;
  onTileCommand: (command: TileCommand) => void;
  onToggleMonth: (key: MonthKey) => void;
  /** Months to fetch, nearest first: the visible ones (200 px window), then a prefetch margin. */
  onNeedSections: (keys: MonthKey[]) => void;
  onPosition: (position: Omit<SavedScroll, 'filter'>) => void;
  handleRef?: Ref<TimelineGridHandle>;
}

/**
 * The virtualized timeline. Layout offsets are logical pixels; the scroll container is at most
 * MAX_PHYSICAL_HEIGHT tall and the rendered content is placed at (logical - offset) from the
 * current scrollTop, so the browser never sees a coordinate beyond its limits.
 */
export function TimelineGrid(props: TimelineGridProps) {
  const { sections, selection, preview, labelOf, formatDate, initialPosition, handleRef } = props;
  const { t } = useTranslation('timeline');
  const containerRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState(readZoom);
  const metrics = useMemo(() => gridMetrics(size.width, zoomCell(size.width, zoom)), [size.width, zoom]);
  const layout = useMemo(
    () =>
      layoutSections(
        sections.map((s) => ({ key: s.key, count: s.count })),
        metrics,
      ),
    [sections, metrics],
  );
  const space = useMemo(
    () => scrollSpace(layout.totalHeight, size.height),
    [layout.totalHeight, size.height],
  );

  const latest = useRef({ layout, space, props });
  latest.current = { layout, space, props };
  const logical = useRef(0);
  // The last known scrollTop, so placing the content never has to read layout.
  const physical = useRef(0);
  const expectedPhysical = useRef<number | null>(null);
  const anchor = useRef<Omit<SavedScroll, 'filter'> | null>(initialPosition);
  const restorePending = useRef(initialPosition !== null);
  const base = useRef(0);
  const offsetListeners = useRef(new Set<(offset: number, scrolling: boolean) => void>());
  const scrollingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fastSamples = useRef<ScrollSample[]>([]);
  const [windowTop, setWindowTop] = useState(0);
  // While flinging, months show placeholder cells instead of tiles: mounting a screenful of
  // tiles per frame is what would make the scroll stutter.
  const [flinging, setFlinging] = useState(false);
  const flingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [scrollerOpen, setScrollerOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    // The content box: the grid's side padding (its inset) holds no columns.
    const measure = () => {
      const style = getComputedStyle(el);
      const inset = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      setSize({ width: el.clientWidth - (inset || 0), height: el.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const applyTransform = useCallback(() => {
    const content = contentRef.current;
    if (!content) return;
    const next = `translateY(${base.current - logical.current + physical.current}px)`;
    if (content.style.transform !== next) content.style.transform = next;
  }, []);

  const keepScrollerOpen = useCallback(() => {
    setScrollerOpen(true);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setScrollerOpen(false), SCROLLER_AUTO_CLOSE_MS);
  }, []);
  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      clearTimeout(flingTimer.current);
    },
    [],
  );

  const afterOffsetChange = useCallback(
    (scrolling: boolean) => {
      const { layout: currentLayout, props: current } = latest.current;
      applyTransform();
      for (const listener of [...offsetListeners.current]) listener(logical.current, scrolling);
      clearTimeout(scrollingTimer.current);
      if (scrolling) {
        scrollingTimer.current = setTimeout(() => {
          for (const listener of [...offsetListeners.current]) listener(logical.current, false);
        }, 150);
      }
      setWindowTop(Math.floor(logical.current / WINDOW_QUANTUM) * WINDOW_QUANTUM);
      const where = locate(currentLayout, logical.current);
      const box = where ? currentLayout.sections[where.sectionIndex] : undefined;
      if (box && !restorePending.current) {
        anchor.current = { key: box.key, delta: logical.current - box.top };
        current.onPosition(anchor.current);
      }
      if (scrolling) {
        const detected = detectFastScroll(
          fastSamples.current,
          { at: performance.now(), offset: logical.current },
          currentLayout.metrics.rowHeight,
        );
        fastSamples.current = detected.samples;
        if (detected.fast) {
          keepScrollerOpen();
          setFlinging(true);
        }
        clearTimeout(flingTimer.current);
        flingTimer.current = setTimeout(() => {
          fastSamples.current = [];
          setFlinging(false);
        }, FLING_SETTLE_MS);
      }
    },
    [applyTransform, keepScrollerOpen],
  );

  const setLogical = useCallback(
    (value: number) => {
      const el = containerRef.current;
      const current = latest.current.space;
      logical.current = clampLogical(current, value);
      const target = toPhysical(current, logical.current);
      if (el && Math.abs(physical.current - target) >= 0.5) {
        expectedPhysical.current = target;
        physical.current = target;
        el.scrollTop = target;
      }
      afterOffsetChange(false);
    },
    [afterOffsetChange],
  );

  const onScroll = useCallback(() => {
    const el = containerRef.current;
    if (!el) return;
    const top = el.scrollTop;
    physical.current = top;
    const expected = expectedPhysical.current;
    expectedPhysical.current = null;
    // Our own scrollTop writes keep the exact logical offset; anything else (scrollbar drag,
    // touch, native keys) is mapped from the physical position.
    if (expected === null || Math.abs(top - expected) > 1.5) {
      logical.current = toLogical(latest.current.space, top);
    }
    afterOffsetChange(true);
  }, [afterOffsetChange]);

  // Zoom: Ctrl + wheel (a trackpad pinch arrives as one too) and a two-finger pinch step the cell size.
  const zoomRef = useRef(zoom);
  const applyZoom = useCallback((direction: ZoomDirection) => {
    const next = stepZoom(zoomRef.current, direction, latest.current.layout.metrics.width);
    if (next === zoomRef.current) return;
    zoomRef.current = next;
    saveZoom(next);
    setZoom(next);
  }, []);
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let travel = 0;
    let pinchFrom: number | null = null;
    const spread = (touches: TouchList) => {
      const [a, b] = [touches[0], touches[1]] as [Touch, Touch];
      return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    };
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      // The page itself must not zoom: the grid does.
      event.preventDefault();
      const step = wheelZoom(travel, wheelDeltaPx(event.deltaY, event.deltaMode, el.clientHeight));
      travel = step.travel;
      if (step.direction !== 0) applyZoom(step.direction);
    };
    const onTouchStart = (event: TouchEvent) => {
      pinchFrom = event.touches.length === 2 ? spread(event.touches) : null;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (event.touches.length !== 2 || pinchFrom === null) return;
      event.preventDefault();
      const distance = spread(event.touches);
      const direction = pinchDirection(pinchFrom, distance);
      if (direction === 0) return;
      // Each further 20 px of the same pinch takes another step.
      pinchFrom = distance;
      applyZoom(direction);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinchFrom = null;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    el.addEventListener('touchend', onTouchEnd);
    el.addEventListener('touchcancel', onTouchEnd);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [applyZoom]);

  // core.md §9: the zoom hint once per device, for 3 s.
  const [zoomHint, setZoomHint] = useState(false);
  useEffect(() => {
    if (!shouldShowHint('zoom', null)) return;
    markHintShown('zoom');
    setZoomHint(true);
    const timer = setTimeout(() => setZoomHint(false), ZOOM_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  const coarsePointer = useMemo(
    () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true,
    [],
  );

  // Scaled mode: wheel and keys move by logical pixels, so one notch is one notch at any size.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      const current = latest.current.space;
      if (current.scale <= 1 || event.ctrlKey || event.deltaY === 0) return;
      event.preventDefault();
      setLogical(logical.current + wheelDeltaPx(event.deltaY, event.deltaMode, current.viewportHeight));
    };
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current.space;
      if (current.scale <= 1 || event.target !== el) return;
      const page = current.viewportHeight * 0.9;
      const moves: Record<string, number> = {
        ArrowDown: SCROLL_STEP,
        ArrowUp: -SCROLL_STEP,
        PageDown: page,
        PageUp: -page,
        ' ': event.shiftKey ? -page : page,
      };
      if (event.key === 'Home') setLogical(0);
      else if (event.key === 'End') setLogical(maxLogicalOffset(current));
      else if (event.key in moves) setLogical(logical.current + (moves[event.key] as number));
      else return;
      event.preventDefault();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
    };
  }, [setLogical]);

  const virtualizer = useVirtualizer({
    count: layout.sections.length,
    getScrollElement: () => containerRef.current,
    estimateSize: (index) => latest.current.layout.sections[index]?.height ?? 0,
    getItemKey: (index) => latest.current.layout.sections[index]?.key ?? index,
    overscan: 3,
    initialOffset: () => logical.current,
    observeElementOffset: (_instance, callback) => {
      offsetListeners.current.add(callback);
      callback(logical.current, false);
      return () => {
        offsetListeners.current.delete(callback);
      };
    },
    scrollToFn: (offset) => setLogical(offset),
  });

  // Heights change as months load (estimates corrected) or the width changes: keep the month
  // at the top of the viewport where it was, and restore a saved position once its month exists.
  useLayoutEffect(() => {
    virtualizer.measure();
    if (size.height === 0 || layout.sections.length === 0) return;
    const target = anchor.current;
    const box = target ? layout.sections.find((s) => s.key === target.key) : undefined;
    restorePending.current = false;
    const wanted = clampLogical(
      space,
      box && target ? box.top + Math.min(target.delta, box.height) : logical.current,
    );
    // Re-placing only when the month at the top moved saves a scroll write per loaded month.
    if (Math.abs(wanted - logical.current) >= 0.5 || space.scale !== 1) setLogical(wanted);
    else afterOffsetChange(false);
  }, [layout, space, size.height, setLogical, afterOffsetChange, virtualizer]);

  // Ask for the months near the viewport, once a fling settles: the months flown past would be
  // read, decoded and kept for nothing, and at a million files that work made the scroll stutter.
  useEffect(() => {
    if (size.height === 0 || flinging) return;
    const top = windowTop;
    const bottom = windowTop + size.height + WINDOW_QUANTUM;
    const visible = sectionsInWindow(layout, top - VISIBLE_GROUP_WINDOW, bottom + VISIBLE_GROUP_WINDOW);
    const prefetch = sectionsInWindow(layout, top - size.height, bottom + size.height * 2);
    const keys = [...new Set([...visible, ...prefetch])].map((i) => layout.sections[i]?.key as string);
    latest.current.props.onNeedSections(keys);
  }, [layout, windowTop, size.height, flinging]);

  useImperativeHandle(
    handleRef,
    () => ({
      openScroller: keepScrollerOpen,
      scrollToSection: (key: MonthKey) => {
        const box = latest.current.layout.sections.find((s) => s.key === key);
        if (box) setLogical(box.top);
      },
    }),
    [keepScrollerOpen, setLogical],
  );

  const items = virtualizer.getVirtualItems();
  base.current = items[0]?.start ?? 0;
  useLayoutEffect(() => applyTransform());

  const maxOffset = Math.max(1, maxLogicalOffset(space));
  const marks: ScrollerMark[] = useMemo(
    () =>
      layout.sections.map((box) => ({
        key: box.key,
        year: yearMonthOf(box.key).year,
        fraction: Math.min(1, box.top / Math.max(1, maxLogicalOffset(space))),
      })),
    [layout, space],
  );
  const currentIndex = locate(layout, windowTop)?.sectionIndex ?? 0;
  const currentSection = sections[currentIndex];
  const scrollerShown = scrollerOpen && sections.length > 1;
  const { onScrollerShown } = props;
  useEffect(() => {
    if (scrollerShown) onScrollerShown();
  }, [scrollerShown, onScrollerShown]);

  const renderTop = windowTop - RENDERED_WINDOW;
  const renderBottom = windowTop + size.height + WINDOW_QUANTUM + RENDERED_WINDOW;

  return (
    <div className="timeline-grid-wrap">
      <section
        ref={containerRef}
        className="timeline-grid"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll region takes keyboard scrolling
        tabIndex={0}
        aria-label={t('grid.label')}
        onScroll={onScroll}
        data-scale={space.scale}
        data-zoom={zoom}
      >
        <div className="timeline-grid__spacer" style={{ height: space.physicalHeight }}>
          <div ref={contentRef} className="timeline-grid__content">
            {items.map((item) => {
              const box = layout.sections[item.index];
              const section = sections[item.index];
              if (!box || !section) return null;
              const rows = rowsInWindow(box, metrics, renderTop, renderBottom);
              return (
                <TimelineSectionView
                  key={box.key}
                  box={box}
                  section={section}
                  metrics={metrics}
                  top={box.top - base.current}
                  firstMonth={item.index === 0}
                  eagerTiles={firstScreenTiles(box, metrics, size.height)}
                  firstRow={rows ? rows[0] : 0}
                  lastRow={rows ? rows[1] : -1}
                  placeholder={flinging}
                  label={labelOf(section.key)}
                  selection={selection}
                  preview={preview}
                  formatDate={formatDate}
                  tileTexts={props.tileTexts}
                  onTileCommand={props.onTileCommand}
                  onToggleMonth={props.onToggleMonth}
                />
              );
            })}
          </div>
        </div>
      </section>
      {zoomHint ? (
        <p className="timeline-zoom-hint" role="status">
          {t(coarsePointer ? 'zoomHint.touch' : 'zoomHint.pointer')}
        </p>
      ) : null}
      {scrollerShown ? (
        <FastScroller
          marks={marks}
          fraction={Math.min(1, windowTop / maxOffset)}
          currentLabel={currentSection ? labelOf(currentSection.key) : ''}
          hint={props.scrollerHint}
          onActivity={keepScrollerOpen}
          onJump={(fraction) => {
            keepScrollerOpen();
            setLogical(fraction * maxLogicalOffset(latest.current.space));
          }}
        />
      ) : null}
    </div>
  );
}
