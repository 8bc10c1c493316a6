import { Images, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { ChoiceGrid, PanelSection, Slider, type TabProps } from '../editor-controls';
import { BLEND_MODES } from '../engine/edit-state';

/** account.md §9: the overlay's nine blend modes and its opacity. */
export function OverlaysTab({
  state,
  change,
  endGesture,
  onOpenLibrary,
}: TabProps & { onOpenLibrary(): void }) {
  const { t } = useTranslation('editor');
  const { overlay } = state;
  if (!overlay) {
    return (
      <div className="editor-panel__empty">
        <p>{t('overlays.empty')}</p>
        <Button variant="primary" icon={<Images />} onClick={onOpenLibrary}>
          {t('overlays.choose')}
        </Button>
      </div>
    );
  }
  return (
    <div className="editor-panel__stack">
      <img className="editor-overlay-thumb" src={overlay.src} alt={t('overlays.current')} />
      <PanelSection title={t('overlays.blend')}>
        <ChoiceGrid
          label={t('overlays.blend')}
          options={BLEND_MODES}
          value={overlay.blend}
          render={(mode) => t(`overlays.modes.${mode}`)}
          onChoose={(blend) => change({ ...state, overlay: { ...overlay, blend } })}
        />
      </PanelSection>
      <Slider
        name="overlayOpacity"
        label={t('overlays.opacity')}
        min={0}
        max={1}
        value={overlay.opacity}
        onChange={(opacity) => change({ ...state, overlay: { ...overlay, opacity } }, 'overlay:opacity')}
        onEnd={endGesture}
      />
      <div className="editor-panel__row">
        <Button variant="ghost" icon={<Images />} onClick={onOpenLibrary}>
          {t('overlays.replace')}
        </Button>
        <Button variant="ghost" icon={<Trash2 />} onClick={() => change({ ...state, overlay: null })}>
          {t('overlays.remove')}
        </Button>
      </div>
    </div>
  );
}
