import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { revealDelta, type ScrollEdges, scrollEdges, scrollStep } from './scroll-row.rules';
import './scroll-row.css';

/** The edge buttons' width, which an item scrolled into view stays clear of. */
const EDGE_INSET = 48;

/** The pressed chips or the selected tab: kept in view when they change. */
const CURRENT = '[aria-pressed="true"], [aria-selected="true"]';

export interface ScrollRowProps extends HTMLAttributes<HTMLElement> {
  /** The scroller's element: a nav when the row is a landmark of its own. */
  as?: 'div' | 'nav';
  /** A class for the frame around the scroller and its edge buttons (the scroller takes className). */
  frameClassName?: string;
  children: ReactNode;
}

/**
 * A row that scrolls sideways when its items do not fit, with a fading arrow at each edge that has
 * more: the row visibly goes on, and a pointer without a sideways wheel can scroll it. The arrows
 * are for the eye and the pointer only: keyboard focus and screen readers walk the items
 * themselves, and a focused item scrolls into view.
 */
export function ScrollRow({ as: Tag = 'div', frameClassName, className, children, ...rest }: ScrollRowProps) {
  const scroller = useRef<HTMLElement | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });

  const measure = () => {
    const node = scroller.current;
    if (!node) return;
    const next = scrollEdges(node);
    setEdges((now) => (now.start === next.start && now.end === next.end ? now : next));
  };

  // Items change width with the language and come and go (the recent-upload chips): watch them all.
  useEffect(() => {
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    for (const child of node.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  });

  // Before paint, so a pressed chip beyond the edge is never drawn cut first. Only when another
  // item becomes current: a row the user scrolled stays where they left it.
  const revealed = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const node = scroller.current;
    // The last is the most specific: the chosen period after its 'recent' chip.
    const current = node ? [...node.querySelectorAll(CURRENT)].at(-1) : undefined;
    if (!node || !current || current === revealed.current) return;
    revealed.current = current;
    if (node.scrollWidth <= node.clientWidth) return;
    const delta = revealDelta(current.getBoundingClientRect(), node.getBoundingClientRect(), EDGE_INSET);
    if (delta !== 0) node.scrollLeft += delta;
  });

  const scrollBy = (direction: 1 | -1) => {
    const node = scroller.current;
    node?.scrollBy({ left: direction * scrollStep(node.clientWidth), behavior: 'smooth' });
  };

  return (
    <div className={`scroll-row${frameClassName ? ` ${frameClassName}` : ''}`}>
      <Tag
        {...rest}
        ref={(node: HTMLElement | null) => {
          scroller.current = node;
        }}
        className={`scroll-row__scroller${className ? ` ${className}` : ''}`}
        onScroll={measure}
      >
        {children}
      </Tag>
      {edges.start ? (
        <button
          type="button"
          className="scroll-row__edge scroll-row__edge--start"
          aria-hidden="true"
          tabIndex={-1}
          onClick={() => scrollBy(-1)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
      ) : null}
      {edges.end ? (
        <button
          type="button"
          className="scroll-row__edge scroll-row__edge--end"
          aria-hidden="true"
          tabIndex={-1}
          onClick={() => scrollBy(1)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
