import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Slider, type TabProps } from '../editor-controls';

export interface BrushSettings {
  color: string;
  /** Fraction of the image's width. */
  size: number;
}

export const DEFAULT_BRUSH: BrushSettings = { color: '#ff3b30', size: 0.01 };

/** Colour and size for drawing on the preview; strokes are layers, the last one can be taken back. */
export function BrushTab({
  state,
  change,
  brush,
  onBrushChange,
}: TabProps & { brush: BrushSettings; onBrushChange(next: BrushSettings): void }) {
  const { t } = useTranslation('editor');
  const colourId = useId();
  const lastStroke = state.layers.findLastIndex((layer) => layer.kind === 'brush');
  return (
    <div className="editor-panel__stack">
      <p className="editor-panel__hint">{t('brush.hint')}</p>
      <label className="editor-field editor-field--colour" htmlFor={colourId}>
        <span>{t('brush.colour')}</span>
        <input
          id={colourId}
          type="color"
          value={brush.color}
          onChange={(event) => onBrushChange({ ...brush, color: event.target.value })}
        />
      </label>
      <Slider
        name="brushSize"
        label={t('brush.size')}
        min={0.002}
        max={0.05}
        step={0.001}
        format={(value) => `${Math.round(value * 1000)}`}
        value={brush.size}
        onChange={(size) => onBrushChange({ ...brush, size })}
        onEnd={() => undefined}
      />
      <Button
        variant="ghost"
        icon={<Undo2 />}
        disabled={lastStroke < 0}
        onClick={() => change({ ...state, layers: state.layers.filter((_, index) => index !== lastStroke) })}
      >
        {t('brush.undoStroke')}
      </Button>
    </div>
  );
}
