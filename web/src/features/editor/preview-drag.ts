import { type PointerEvent as ReactPointerEvent, type RefObject, useRef } from 'react';

/** Where a pointer is over the preview, in fractions of its box (0..1 inside). */
export interface BoxPoint {
  x: number;
  y: number;
}

export function pointIn(box: HTMLElement, event: { clientX: number; clientY: number }): BoxPoint {
  const rect = box.getBoundingClientRect();
  return {
    x: rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0,
    y: rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0,
  };
}

interface DragCallbacks {
  start(point: BoxPoint): unknown;
  move(snapshot: never, delta: BoxPoint, point: BoxPoint): void;
  end(): void;
}

/**
 * Drags on the preview's handles. `bind(key, …)` gives one handle its pointer handlers: `move`
 * gets what `start` took when the drag began, how far the pointer has gone (fractions of the
 * box) and where it is; `end` closes the gesture (one undo step). The drag outlives re-renders.
 */
export function useDragSession(box: RefObject<HTMLElement | null>) {
  const active = useRef<{ key: string; point: BoxPoint; snapshot: unknown } | null>(null);
  const callbacks = useRef(new Map<string, DragCallbacks>());
  return function bind<T>(
    key: string,
    start: (point: BoxPoint) => T,
    move: (snapshot: T, delta: BoxPoint, point: BoxPoint) => void,
    end: () => void,
  ) {
    callbacks.current.set(key, { start, move: move as DragCallbacks['move'], end });
    return {
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        if (!box.current || event.button > 0) return;
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        const point = pointIn(box.current, event);
        active.current = { key, point, snapshot: start(point) };
      },
      onPointerMove(event: ReactPointerEvent<HTMLElement>) {
        const drag = active.current;
        if (!drag || drag.key !== key || !box.current) return;
        const point = pointIn(box.current, event);
        callbacks.current
          .get(key)
          ?.move(drag.snapshot as never, { x: point.x - drag.point.x, y: point.y - drag.point.y }, point);
      },
      onPointerUp(event: ReactPointerEvent<HTMLElement>) {
        if (active.current?.key !== key) return;
        active.current = null;
        event.currentTarget.releasePointerCapture?.(event.pointerId);
        callbacks.current.get(key)?.end();
      },
      onPointerCancel() {
        if (active.current?.key !== key) return;
        active.current = null;
        callbacks.current.get(key)?.end();
      },
    };
  };
}
