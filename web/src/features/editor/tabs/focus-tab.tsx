import { useTranslation } from 'react-i18next';
import { ChoiceGrid, Slider, type TabProps } from '../editor-controls';
import { FOCUS_TYPES, type Focus, type FocusType } from '../engine/edit-state';

export const DEFAULT_FOCUS: Omit<Focus, 'type'> = {
  x: 0.5,
  y: 0.5,
  size: 0.25,
  fade: 0.15,
  angle: 0,
  blur: 0.5,
};

type FocusChoice = FocusType | 'none';
const CHOICES: readonly FocusChoice[] = ['none', ...FOCUS_TYPES];

/** account.md §9 focus types; the handles on the preview place the sharp area. */
export function FocusTab({ state, change, endGesture }: TabProps) {
  const { t } = useTranslation('editor');
  const { focus } = state;
  return (
    <div className="editor-panel__stack">
      <ChoiceGrid
        label={t('tabs.focus')}
        options={CHOICES}
        value={focus?.type ?? 'none'}
        columns={3}
        render={(choice) => t(`focus.types.${choice}`)}
        onChoose={(choice) =>
          change({
            ...state,
            focus: choice === 'none' ? null : { ...DEFAULT_FOCUS, ...focus, type: choice },
          })
        }
      />
      {focus ? (
        <>
          <p className="editor-panel__hint">{t('focus.hint')}</p>
          <Slider
            name="focusBlur"
            label={t('focus.blur')}
            min={0}
            max={1}
            value={focus.blur}
            onChange={(blur) => change({ ...state, focus: { ...focus, blur } }, 'focus:blur')}
            onEnd={endGesture}
          />
          <Slider
            name="focusSize"
            label={t('focus.size')}
            min={0.02}
            max={1}
            value={focus.size}
            onChange={(size) => change({ ...state, focus: { ...focus, size } }, 'focus:size')}
            onEnd={endGesture}
          />
          {focus.type === 'mirrored' || focus.type === 'linear' ? (
            <Slider
              name="focusAngle"
              label={t('focus.angle')}
              min={-180}
              max={180}
              step={1}
              format={(value) => `${Math.round(value)}°`}
              value={focus.angle}
              onChange={(angle) => change({ ...state, focus: { ...focus, angle } }, 'focus:angle')}
              onEnd={endGesture}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
