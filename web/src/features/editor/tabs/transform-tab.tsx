import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { type CropPixels, cropFromPixels, cropToPixels, turnCrop } from '../crop-geometry';
import { PanelSection, Slider, type TabProps } from '../editor-controls';
import type { Transform } from '../engine/edit-state';
import {
  applyCropRatio,
  CROP_PRESETS,
  CROP_RATIOS,
  type CropRatio,
  clampCrop,
  fitCrop,
} from '../engine/geometry/crop-presets';
import { frameSize, outputSize, type Size } from '../engine/geometry/transform-geometry';

/** The crop choice in force: a plain ratio (group 'common') or a platform preset. */
export interface CropChoice {
  group: string;
  id: string;
}

export const FREE_CROP: CropChoice = { group: 'common', id: 'free' };

/** '4:3' names its string as '4x3': a colon in a key would read as a namespace. */
export const ratioKey = (id: string): string => `transform.ratios.${id.replace(':', 'x')}`;

function NumberField({
  label,
  value,
  max,
  onCommit,
  name,
}: {
  label: string;
  value: number;
  max: number;
  onCommit(value: number): void;
  name: string;
}) {
  const id = useId();
  return (
    <label className="editor-field editor-field--number" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        // A new value from elsewhere (a handle drag, undo) replaces what is typed.
        key={value}
        defaultValue={value}
        onBlur={(event) => {
          const next = Math.round(Number(event.target.value));
          if (Number.isFinite(next) && next > 0 && next !== value) onCommit(Math.min(next, max));
          else event.target.value = String(value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        }}
      />
    </label>
  );
}

/** account.md §2 Transform, §3 Crop area: crop (ratios, presets, fields), flip, rotate, straighten, resolution. */
/** The crop area's fields (account.md §3), each bounded by the frame's side it runs along. */
const CROP_FIELDS = [
  { side: 'width', name: 'cropWidth', along: 'width' },
  { side: 'height', name: 'cropHeight', along: 'height' },
  { side: 'top', name: 'cropTop', along: 'height' },
  { side: 'left', name: 'cropLeft', along: 'width' },
] as const;

export function TransformTab({
  state,
  change,
  endGesture,
  source,
  choice,
  onChoice,
}: TabProps & { source: Size; choice: CropChoice; onChoice(choice: CropChoice): void }) {
  const { t } = useTranslation('editor');
  const { transform } = state;
  const frame = frameSize(source, transform.rotation);
  const pixels = cropToPixels(transform.crop, frame);
  const output = outputSize(source, transform);
  const set = (next: Transform, group?: string) => change({ ...state, transform: next }, group);
  const setPixels = (patch: Partial<CropPixels>) =>
    set({
      ...transform,
      crop: clampCrop(source, transform, cropFromPixels({ ...pixels, ...patch }, frame)),
      resolution: null,
    });
  const choose = (group: string, ratio: CropRatio) => {
    onChoice({ group, id: ratio.id });
    set(applyCropRatio(source, transform, ratio));
  };
  const turn = (clockwise: boolean) =>
    set({
      ...transform,
      rotation: ((transform.rotation + (clockwise ? 90 : 270)) % 360) as Transform['rotation'],
      crop: turnCrop(transform.crop, clockwise),
      resolution: transform.resolution
        ? { width: transform.resolution.height, height: transform.resolution.width }
        : null,
    });
  const outputAspect = output.width / output.height;
  return (
    <div className="editor-panel__stack">
      <PanelSection title={t('transform.presetGroups.common')}>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
        <div className="editor-choices" role="group" aria-label={t('transform.ratio')}>
          {CROP_RATIOS.map((ratio) => (
            <button
              key={ratio.id}
              type="button"
              className="editor-choice"
              aria-pressed={choice.group === 'common' && choice.id === ratio.id}
              onClick={() => choose('common', ratio)}
            >
              {t(ratioKey(ratio.id))}
            </button>
          ))}
        </div>
      </PanelSection>
      {CROP_PRESETS.filter((group) => group.id !== 'common').map((group) => (
        <PanelSection key={group.id} title={t(`transform.presetGroups.${group.id}`)}>
          <div className="editor-presets">
            {group.ratios.map((ratio) => (
              <button
                key={ratio.id}
                type="button"
                className="editor-chip"
                aria-pressed={choice.group === group.id && choice.id === ratio.id}
                onClick={() => choose(group.id, ratio)}
              >
                {t(`transform.presetNames.${group.id}.${ratio.id}`)}
                {ratio.size ? (
                  <span className="editor-chip__detail">
                    {ratio.size.width}×{ratio.size.height}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        </PanelSection>
      ))}
      <PanelSection title={t('transform.cropArea')}>
        <div className="editor-fields">
          {CROP_FIELDS.map(({ side, name, along }) => (
            <NumberField
              key={name}
              name={name}
              label={t(`transform.${side}`)}
              value={pixels[side]}
              max={frame[along]}
              onCommit={(value) => setPixels({ [side]: value })}
            />
          ))}
        </div>
      </PanelSection>
      <PanelSection title={t('transform.orientation')}>
        <div className="editor-panel__row editor-panel__row--wrap">
          <Button size="sm" icon={<RotateCcw />} onClick={() => turn(false)}>
            {t('transform.rotateLeft')}
          </Button>
          <Button size="sm" icon={<RotateCw />} onClick={() => turn(true)}>
            {t('transform.rotateRight')}
          </Button>
          <Button
            size="sm"
            icon={<FlipHorizontal2 />}
            aria-pressed={transform.flipH}
            onClick={() => set({ ...transform, flipH: !transform.flipH })}
          >
            {t('transform.flipH')}
          </Button>
          <Button
            size="sm"
            icon={<FlipVertical2 />}
            aria-pressed={transform.flipV}
            onClick={() => set({ ...transform, flipV: !transform.flipV })}
          >
            {t('transform.flipV')}
          </Button>
        </div>
        <Slider
          name="straighten"
          label={t('transform.straighten')}
          min={-45}
          max={45}
          step={0.5}
          format={(value) => `${value.toFixed(1)}°`}
          value={transform.straighten}
          onChange={(straighten) => {
            // The crop keeps its shape and grows back to the largest that fits the turned photo.
            const turned = { ...transform, straighten };
            set(
              { ...turned, crop: fitCrop(source, turned, pixels.width / Math.max(1, pixels.height)) },
              'straighten',
            );
          }}
          onEnd={endGesture}
        />
      </PanelSection>
      <PanelSection title={t('transform.resolution')}>
        <div className="editor-fields">
          <NumberField
            name="resolutionWidth"
            label={t('transform.width')}
            value={output.width}
            max={20000}
            onCommit={(width) =>
              set({
                ...transform,
                resolution: { width, height: Math.max(1, Math.round(width / outputAspect)) },
              })
            }
          />
          <NumberField
            name="resolutionHeight"
            label={t('transform.height')}
            value={output.height}
            max={20000}
            onCommit={(height) =>
              set({
                ...transform,
                resolution: { width: Math.max(1, Math.round(height * outputAspect)), height },
              })
            }
          />
        </div>
        <p className="editor-panel__hint">{t('transform.resolutionHint')}</p>
        {transform.resolution ? (
          <Button variant="ghost" size="sm" onClick={() => set({ ...transform, resolution: null })}>
            {t('transform.resolutionReset')}
          </Button>
        ) : null}
      </PanelSection>
    </div>
  );
}
