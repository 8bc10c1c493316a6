import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import {
  type CropPixels,
  cropFromPixels,
  cropToPixels,
  fitAspect,
  outputSize,
  RATIOS,
  type RatioId,
  ratioAspect,
  type Size,
  turnedSize,
} from '../crop-geometry';
import { ChoiceGrid, PanelSection, Slider, type TabProps } from '../editor-controls';
import { CROP_PRESET_GROUPS } from '../editor-engine';
import type { CropRect, EditState, Transform } from '../engine/edit-state';

/** A quarter turn carries the crop round with the picture. */
function turnCrop(crop: CropRect, clockwise: boolean): CropRect {
  return clockwise
    ? { left: 1 - crop.top - crop.height, top: crop.left, width: crop.height, height: crop.width }
    : { left: crop.top, top: 1 - crop.left - crop.width, width: crop.height, height: crop.width };
}

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
        // A new value from elsewhere (a handle drag) replaces what is typed.
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

/** account.md §2 Transform, §3 Crop area: crop (presets, ratios, fields), flip, rotate, straighten, resolution. */
export function TransformTab({
  state,
  change,
  endGesture,
  source,
  ratio,
  onRatio,
}: TabProps & { source: Size; ratio: RatioId; onRatio(ratio: RatioId): void }) {
  const { t } = useTranslation('editor');
  const { transform } = state;
  const base = turnedSize(source, transform.rotation);
  const pixels = cropToPixels(transform.crop, base);
  const output = outputSize(transform, source);
  const set = (patch: Partial<Transform>, group?: string) =>
    change({ ...state, transform: { ...transform, ...patch } } satisfies EditState, group);
  const setPixels = (patch: Partial<CropPixels>) =>
    set({ crop: cropFromPixels({ ...pixels, ...patch }, base), resolution: null });
  const chooseRatio = (next: RatioId) => {
    onRatio(next);
    const aspect = ratioAspect(next);
    if (aspect !== null) set({ crop: fitAspect(transform.crop, aspect, base), resolution: null });
  };
  const turn = (clockwise: boolean) =>
    set({
      rotation: ((transform.rotation + (clockwise ? 90 : 270)) % 360) as Transform['rotation'],
      crop: turnCrop(transform.crop, clockwise),
      resolution: transform.resolution
        ? { width: transform.resolution.height, height: transform.resolution.width }
        : null,
    });
  const outputAspect = output.width / output.height;
  return (
    <div className="editor-panel__stack">
      <PanelSection title={t('transform.ratio')}>
        <ChoiceGrid
          label={t('transform.ratio')}
          options={RATIOS}
          value={ratio}
          render={(id) => t(`transform.ratios.${id}`)}
          onChoose={chooseRatio}
        />
      </PanelSection>
      <PanelSection title={t('transform.presets')}>
        {CROP_PRESET_GROUPS.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
          <div
            key={group.id}
            className="editor-presets"
            role="group"
            aria-label={t(`transform.presetGroups.${group.id}`)}
          >
            <span className="editor-presets__group" aria-hidden="true">
              {t(`transform.presetGroups.${group.id}`)}
            </span>
            {group.presets.map((preset) => (
              <button
                key={preset.id}
                type="button"
                className="editor-chip"
                onClick={() => {
                  onRatio('free');
                  set({
                    crop: fitAspect(transform.crop, preset.width / preset.height, base),
                    resolution: { width: preset.width, height: preset.height },
                  });
                }}
              >
                {t(`transform.presetNames.${preset.id}`, { defaultValue: preset.id })}
                <span className="editor-chip__detail">
                  {preset.width}×{preset.height}
                </span>
              </button>
            ))}
          </div>
        ))}
      </PanelSection>
      <PanelSection title={t('transform.cropArea')}>
        <div className="editor-fields">
          <NumberField
            name="cropWidth"
            label={t('transform.width')}
            value={pixels.width}
            max={base.width}
            onCommit={(width) => setPixels({ width })}
          />
          <NumberField
            name="cropHeight"
            label={t('transform.height')}
            value={pixels.height}
            max={base.height}
            onCommit={(height) => setPixels({ height })}
          />
          <NumberField
            name="cropTop"
            label={t('transform.top')}
            value={pixels.top}
            max={base.height}
            onCommit={(top) => setPixels({ top })}
          />
          <NumberField
            name="cropLeft"
            label={t('transform.left')}
            value={pixels.left}
            max={base.width}
            onCommit={(left) => setPixels({ left })}
          />
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
            onClick={() => set({ flipH: !transform.flipH })}
          >
            {t('transform.flipH')}
          </Button>
          <Button
            size="sm"
            icon={<FlipVertical2 />}
            aria-pressed={transform.flipV}
            onClick={() => set({ flipV: !transform.flipV })}
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
          onChange={(straighten) => set({ straighten }, 'straighten')}
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
              set({ resolution: { width, height: Math.max(1, Math.round(width / outputAspect)) } })
            }
          />
          <NumberField
            name="resolutionHeight"
            label={t('transform.height')}
            value={output.height}
            max={20000}
            onCommit={(height) =>
              set({ resolution: { width: Math.max(1, Math.round(height * outputAspect)), height } })
            }
          />
        </div>
        <p className="editor-panel__hint">{t('transform.resolutionHint')}</p>
        {transform.resolution ? (
          <Button variant="ghost" size="sm" onClick={() => set({ resolution: null })}>
            {t('transform.resolutionReset')}
          </Button>
        ) : null}
      </PanelSection>
    </div>
  );
}
