import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGrid, Slider, type TabProps } from '../editor-controls';
import type { Frame } from '../engine/edit-state';
import { FRAMES } from '../engine/layers/frames';

const NONE = 'none';

/** A newly chosen frame starts from its own thickness and colour. */
function frameFor(id: string): Frame {
  const style = FRAMES.find((item) => item.id === id);
  return { id, thickness: style?.thickness ?? 0.04, color: style?.color ?? '#ffffff' };
}

export function FramesTab({ state, change, endGesture }: TabProps) {
  const { t } = useTranslation('editor');
  const colourId = useId();
  const { frame } = state;
  const options = [NONE, ...FRAMES.map((item) => item.id)];
  return (
    <div className="editor-panel__stack">
      <ChoiceGrid
        label={t('tabs.frames')}
        options={options}
        value={frame?.id ?? NONE}
        columns={2}
        render={(id) => (id === NONE ? t('frames.none') : t(`frames.names.${id}`))}
        onChoose={(id) => change({ ...state, frame: id === NONE ? null : frameFor(id) })}
      />
      {frame ? (
        <>
          <Slider
            name="frameThickness"
            label={t('frames.thickness')}
            min={0.01}
            max={0.2}
            step={0.005}
            value={frame.thickness}
            format={(value) => `${Math.round(value * 100)}%`}
            onChange={(thickness) => change({ ...state, frame: { ...frame, thickness } }, 'frame:thickness')}
            onEnd={endGesture}
          />
          <label className="editor-field editor-field--colour" htmlFor={colourId}>
            <span>{t('frames.colour')}</span>
            <input
              id={colourId}
              type="color"
              value={frame.color}
              onChange={(event) =>
                change({ ...state, frame: { ...frame, color: event.target.value } }, 'frame:colour')
              }
              onBlur={endGesture}
            />
          </label>
        </>
      ) : null}
    </div>
  );
}
