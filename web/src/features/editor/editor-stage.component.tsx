import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Corner, dragCorner, moveCrop } from './crop-geometry';
import type { TabProps } from './editor-controls';
import { newId } from './editor-controls';
import type { BrushStroke, CropRect, EditState, Layer, StickerLayer, TextLayer } from './engine/edit-state';
import { clampCrop } from './engine/geometry/crop-presets';
import type { Size } from './engine/geometry/transform-geometry';
import { measureText, STICKER_WIDTH } from './engine/layers/draw-layers';
import type { EditorRenderer } from './engine/renderer';
import { useDragSession } from './preview-drag';
import type { BrushSettings } from './tabs/brush-tab';
import { withLayer } from './tabs/layer-controls';

export type StageMode = 'crop' | 'focus' | 'layers' | 'brush' | 'view';

const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];
const MAX_PIXEL_RATIO = 2;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The largest box of this aspect inside the space. */
function fitBox(space: Size, aspect: number): Size {
  if (space.width <= 0 || space.height <= 0) return { width: 0, height: 0 };
  const width = Math.min(space.width, space.height * aspect);
  return { width: Math.floor(width), height: Math.floor(width / aspect) };
}

function useSpace(ref: RefObject<HTMLElement | null>): Size {
  const [space, setSpace] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSpace({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return space;
}

export interface EditorStageProps extends TabProps {
  canvas: RefObject<HTMLCanvasElement | null>;
  renderer: EditorRenderer | null;
  /** What the preview draws (the whole picture while cropping). */
  preview: EditState;
  /** Width over height of what is drawn. */
  aspect: number;
  mode: StageMode;
  /** The photo's size, the frame the crop works over (after quarter turns), the locked crop aspect (null when free). */
  source: Size;
  base: Size;
  cropAspect: number | null;
  selectedId: string | null;
  onSelect(id: string | null): void;
  brush: BrushSettings;
  label: string;
  onRenderError(error: unknown): void;
}

/** The preview canvas with the current tab's handles over it. */
export function EditorStage(props: EditorStageProps) {
  const { canvas, renderer, preview, aspect, mode, onRenderError, label } = props;
  const space = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const fitted = fitBox(useSpace(space), aspect);

  useEffect(() => {
    const element = canvas.current;
    if (!element || fitted.width === 0) return;
    const ratio = Math.min(MAX_PIXEL_RATIO, window.devicePixelRatio || 1);
    element.width = Math.max(1, Math.round(fitted.width * ratio));
    element.height = Math.max(1, Math.round(fitted.height * ratio));
  }, [canvas, fitted.width, fitted.height]);

  // One frame per change: a slider drag redraws at the display's pace, not per input event.
  useEffect(() => {
    if (!renderer || fitted.width === 0 || fitted.height === 0) return;
    const frame = requestAnimationFrame(() => {
      try {
        renderer.renderPreview(preview);
      } catch (error) {
        onRenderError(error);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [renderer, preview, fitted.width, fitted.height, onRenderError]);

  return (
    <div ref={space} className="editor-stage">
      <div
        ref={box}
        className={`editor-stage__box editor-stage__box--${mode}`}
        style={{ width: fitted.width, height: fitted.height }}
      >
        <canvas ref={canvas} className="editor-stage__canvas" role="img" aria-label={label} />
        {mode === 'crop' ? <CropHandles {...props} box={box} /> : null}
        {mode === 'focus' ? <FocusHandles {...props} box={box} /> : null}
        {mode === 'layers' ? <LayerHandles {...props} box={box} /> : null}
        {mode === 'brush' ? <BrushSurface {...props} box={box} /> : null}
      </div>
    </div>
  );
}

type HandleProps = EditorStageProps & { box: RefObject<HTMLDivElement | null> };

const percent = (value: number) => `${value * 100}%`;

function CropHandles({ box, state, change, endGesture, source, base, cropAspect }: HandleProps) {
  const { t } = useTranslation('editor');
  const bind = useDragSession(box);
  const { crop } = state.transform;
  const setCrop = (next: CropRect) =>
    change(
      {
        ...state,
        transform: {
          ...state.transform,
          crop: clampCrop(source, state.transform, next, cropAspect),
          resolution: null,
        },
      },
      'crop',
    );
  return (
    <div
      className="editor-crop"
      style={{
        left: percent(crop.left),
        top: percent(crop.top),
        width: percent(crop.width),
        height: percent(crop.height),
      }}
      {...bind(
        'crop-move',
        () => crop,
        (start, delta) => setCrop(moveCrop(start, delta.x, delta.y)),
        endGesture,
      )}
      data-testid="crop-area"
    >
      <span className="editor-crop__grid" aria-hidden="true" />
      {CORNERS.map((corner) => (
        <span
          key={corner}
          className={`editor-crop__corner editor-crop__corner--${corner}`}
          aria-hidden="true"
          {...bind(
            `crop-${corner}`,
            () => crop,
            (start, delta) => setCrop(dragCorner(start, corner, delta.x, delta.y, cropAspect, base)),
            endGesture,
          )}
        />
      ))}
      <span className="visually-hidden">{t('transform.cropHint')}</span>
    </div>
  );
}

function FocusHandles({ box, state, change, endGesture }: HandleProps) {
  const { t } = useTranslation('editor');
  const bind = useDragSession(box);
  const { focus } = state;
  if (!focus) return null;
  const set = (patch: Partial<typeof focus>, group: string) =>
    change({ ...state, focus: { ...focus, ...patch } }, group);
  const banded = focus.type === 'mirrored' || focus.type === 'linear';
  const radians = (focus.angle * Math.PI) / 180;
  const sizeHandle = banded
    ? { x: focus.x - Math.sin(radians) * focus.size, y: focus.y + Math.cos(radians) * focus.size }
    : { x: focus.x + focus.size, y: focus.y };
  const angleHandle = { x: focus.x + Math.cos(radians) * 0.2, y: focus.y + Math.sin(radians) * 0.2 };
  return (
    <>
      <span
        className={`editor-focus editor-focus--${focus.type}`}
        aria-hidden="true"
        style={
          banded
            ? {
                left: percent(focus.x),
                top: percent(focus.y),
                height: percent(focus.size * 2),
                transform: `translate(-50%, -50%) rotate(${focus.angle}deg)`,
              }
            : {
                left: percent(focus.x),
                top: percent(focus.y),
                width: percent(focus.size * 2),
                transform: 'translate(-50%, -50%)',
              }
        }
      />
      <span
        className="editor-handle editor-handle--centre"
        title={t('focus.centreHandle')}
        aria-hidden="true"
        style={{ left: percent(focus.x), top: percent(focus.y) }}
        {...bind(
          'focus-centre',
          () => focus,
          (start, delta) =>
            set({ x: clamp01(start.x + delta.x), y: clamp01(start.y + delta.y) }, 'focus:move'),
          endGesture,
        )}
      />
      <span
        className="editor-handle editor-handle--size"
        title={t('focus.size')}
        aria-hidden="true"
        style={{ left: percent(sizeHandle.x), top: percent(sizeHandle.y) }}
        {...bind(
          'focus-size',
          () => focus,
          (start, _delta, point) =>
            set(
              { size: Math.max(0.02, Math.min(1, Math.hypot(point.x - start.x, point.y - start.y))) },
              'focus:size',
            ),
          endGesture,
        )}
      />
      {banded ? (
        <span
          className="editor-handle editor-handle--angle"
          title={t('focus.angle')}
          aria-hidden="true"
          style={{ left: percent(angleHandle.x), top: percent(angleHandle.y) }}
          {...bind(
            'focus-angle',
            () => focus,
            (start, _delta, point) =>
              set(
                { angle: Math.round((Math.atan2(point.y - start.y, point.x - start.x) * 180) / Math.PI) },
                'focus:angle',
              ),
            endGesture,
          )}
        />
      ) : null}
    </>
  );
}

type Placed = StickerLayer | TextLayer;

let scratch: CanvasRenderingContext2D | null = null;

/** A layer's box on the preview, in pixels, as the engine draws it. */
function layerSize(layer: Placed, photoWidth: number): Size {
  if (layer.kind === 'sticker') {
    const side = STICKER_WIDTH * photoWidth * layer.scale;
    return { width: side, height: side };
  }
  scratch ??= document.createElement('canvas').getContext('2d');
  if (!scratch) return { width: photoWidth * 0.3, height: photoWidth * 0.08 };
  const measured = measureText(scratch, layer, photoWidth);
  return { width: measured.width, height: measured.height };
}
const isPlaced = (layer: Layer): layer is Placed => layer.kind !== 'brush';

function LayerHandles({ box, state, change, endGesture, selectedId, onSelect }: HandleProps) {
  const { t } = useTranslation('editor');
  const bind = useDragSession(box);
  const update = (id: string, patch: Partial<Placed>, group: string) =>
    change(
      { ...state, layers: withLayer(state.layers, id, (layer) => ({ ...layer, ...patch }) as Layer) },
      `${group}:${id}`,
    );
  const boxWidth = box.current?.clientWidth ?? 1;
  const boxHeight = Math.max(1, box.current?.clientHeight ?? 1);
  // Pointer positions in box pixels, so angles and distances are true on a non-square photo.
  const polar = (layer: Placed, point: { x: number; y: number }) => {
    const dx = (point.x - layer.x) * boxWidth;
    const dy = (point.y - layer.y) * boxHeight;
    return { angle: (Math.atan2(dy, dx) * 180) / Math.PI, distance: Math.max(1, Math.hypot(dx, dy)) };
  };
  return (
    <>
      {state.layers.filter(isPlaced).map((layer) => {
        const selected = layer.id === selectedId;
        const name =
          layer.kind === 'sticker'
            ? t('layers.stickerName', {
                name: t(`stickers.names.${layer.stickerId}`),
              })
            : t('layers.textName', { text: layer.text });
        const size = layerSize(layer, boxWidth);
        return (
          <div
            key={layer.id}
            className={`editor-layer${selected ? ' editor-layer--selected' : ''}`}
            style={{
              left: percent(layer.x),
              top: percent(layer.y),
              width: percent(size.width / boxWidth),
              height: percent(size.height / boxHeight),
              transform: `translate(-50%, -50%) rotate(${layer.rotation}deg)`,
            }}
          >
            <button
              type="button"
              className="editor-layer__body"
              aria-label={name}
              aria-pressed={selected}
              onClick={() => onSelect(layer.id)}
              onKeyDown={(event) => {
                const step = event.shiftKey ? 0.05 : 0.01;
                const moves: Record<string, [number, number]> = {
                  ArrowLeft: [-step, 0],
                  ArrowRight: [step, 0],
                  ArrowUp: [0, -step],
                  ArrowDown: [0, step],
                };
                const move = moves[event.key];
                if (!move) return;
                event.preventDefault();
                update(layer.id, { x: clamp01(layer.x + move[0]), y: clamp01(layer.y + move[1]) }, 'move');
              }}
              onKeyUp={endGesture}
              {...bind(
                `layer-${layer.id}`,
                () => {
                  onSelect(layer.id);
                  return layer;
                },
                (start, delta) =>
                  update(layer.id, { x: clamp01(start.x + delta.x), y: clamp01(start.y + delta.y) }, 'move'),
                endGesture,
              )}
            />
            {selected ? (
              <span
                className="editor-layer__turn"
                title={t('layers.turnHandle')}
                aria-hidden="true"
                {...bind(
                  `turn-${layer.id}`,
                  (point) => ({ layer, from: polar(layer, point) }),
                  (begin, _delta, point) => {
                    const now = polar(begin.layer, point);
                    update(
                      layer.id,
                      {
                        scale: Math.max(
                          0.2,
                          Math.min(5, begin.layer.scale * (now.distance / begin.from.distance)),
                        ),
                        rotation: Math.round(begin.layer.rotation + now.angle - begin.from.angle),
                      },
                      'turn',
                    );
                  },
                  endGesture,
                )}
              />
            ) : null}
          </div>
        );
      })}
    </>
  );
}

function BrushSurface({ box, state, change, endGesture, brush }: HandleProps) {
  const { t } = useTranslation('editor');
  const bind = useDragSession(box);
  return (
    <div
      className="editor-brush-surface"
      aria-hidden="true"
      title={t('brush.hint')}
      {...bind(
        'brush',
        (point) => {
          const stroke: BrushStroke = {
            id: newId(),
            kind: 'brush',
            color: brush.color,
            size: brush.size,
            points: [point],
          };
          change({ ...state, layers: [...state.layers, stroke] }, `stroke:${stroke.id}`);
          return stroke.id;
        },
        (id, _delta, point) =>
          change(
            (current) => ({
              ...current,
              layers: withLayer(current.layers, id, (layer) =>
                layer.kind === 'brush'
                  ? { ...layer, points: [...layer.points, { x: clamp01(point.x), y: clamp01(point.y) }] }
                  : layer,
              ),
            }),
            `stroke:${id}`,
          ),
        endGesture,
      )}
    />
  );
}
