import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Slider, type TabProps } from '../editor-controls';
import { ADJUSTMENTS, NEUTRAL_ADJUSTMENTS } from '../engine/edit-state';

/** account.md §9: the twelve adjustments, each from -100 to 100 around the untouched photo. */
export function AdjustmentsTab({ state, change, endGesture }: TabProps) {
  const { t } = useTranslation('editor');
  const untouched = ADJUSTMENTS.every((name) => state.adjustments[name] === 0);
  return (
    <div className="editor-panel__stack">
      {ADJUSTMENTS.map((name) => (
        <Slider
          key={name}
          name={name}
          label={t(`adjustments.${name}`)}
          value={state.adjustments[name]}
          onChange={(value) =>
            change({ ...state, adjustments: { ...state.adjustments, [name]: value } }, `adjust:${name}`)
          }
          onEnd={endGesture}
        />
      ))}
      <Button
        variant="ghost"
        icon={<RotateCcw />}
        disabled={untouched}
        onClick={() => change({ ...state, adjustments: NEUTRAL_ADJUSTMENTS })}
      >
        {t('adjustments.reset')}
      </Button>
    </div>
  );
}
