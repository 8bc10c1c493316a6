import { useTranslation } from 'react-i18next';
import { newId, PanelSection, type TabProps } from '../editor-controls';
import type { StickerLayer } from '../engine/edit-state';
import { STICKERS, stickerUrl } from '../engine/layers/stickers';
import { LayerControls, selectedOf } from './layer-controls';

export function StickersTab({
  selectedId,
  onSelect,
  ...props
}: TabProps & { selectedId: string | null; onSelect(id: string | null): void }) {
  const { t } = useTranslation('editor');
  const { state, change } = props;
  const selected = selectedOf(state.layers, selectedId, ['sticker']);
  const add = (stickerId: string) => {
    const layer: StickerLayer = {
      id: newId(),
      kind: 'sticker',
      stickerId,
      x: 0.5,
      y: 0.5,
      scale: 1,
      rotation: 0,
    };
    change({ ...state, layers: [...state.layers, layer] });
    onSelect(layer.id);
  };
  return (
    <div className="editor-panel__stack">
      <PanelSection title={t('stickers.add')}>
        <ul className="editor-stickers">
          {STICKERS.map((sticker) => (
            <li key={sticker.id}>
              <button type="button" className="editor-sticker" onClick={() => add(sticker.id)}>
                <img
                  src={stickerUrl(sticker)}
                  alt={t('stickers.addOne', { name: t(`stickers.names.${sticker.id}`) })}
                />
              </button>
            </li>
          ))}
        </ul>
      </PanelSection>
      {selected ? (
        <LayerControls {...props} layer={selected} onRemoved={() => onSelect(null)} />
      ) : (
        <p className="editor-panel__hint">{t('layers.hint')}</p>
      )}
    </div>
  );
}
