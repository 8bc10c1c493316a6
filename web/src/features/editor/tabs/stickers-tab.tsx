import { useTranslation } from 'react-i18next';
import { PanelSection, type TabProps } from '../editor-controls';
import { STICKERS, stickerUrl } from '../engine/layers/stickers';
import { LayerControls, placeLayer, selectedOf } from './layer-controls';

export function StickersTab({
  selectedId,
  onSelect,
  ...props
}: TabProps & { selectedId: string | null; onSelect(id: string | null): void }) {
  const { t } = useTranslation('editor');
  const { state } = props;
  const selected = selectedOf(state.layers, selectedId, ['sticker']);
  const add = (stickerId: string) => placeLayer(props, onSelect, { kind: 'sticker', stickerId });
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
