import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { newId, PanelSection, Slider, type TabProps } from '../editor-controls';
import type { Layer, StickerLayer, TextLayer } from '../engine/edit-state';

type Placed = StickerLayer | TextLayer;

/** Replaces one layer by id. */
export const withLayer = (layers: readonly Layer[], id: string, update: (layer: Layer) => Layer): Layer[] =>
  layers.map((layer) => (layer.id === id ? update(layer) : layer));

/** Size, turn and removal of the selected sticker or text (dragging it on the preview moves it). */
export function LayerControls({
  state,
  change,
  endGesture,
  layer,
  onRemoved,
}: TabProps & { layer: Placed; onRemoved(): void }) {
  const { t } = useTranslation('editor');
  const update = (patch: Partial<Placed>, group: string) =>
    change(
      {
        ...state,
        layers: withLayer(state.layers, layer.id, (current) => ({ ...current, ...patch }) as Layer),
      },
      `${group}:${layer.id}`,
    );
  return (
    <PanelSection title={t('layers.selected')}>
      <Slider
        name="layerScale"
        label={t('layers.size')}
        min={0.2}
        max={5}
        format={(value) => `${Math.round(value * 100)}%`}
        value={layer.scale}
        onChange={(scale) => update({ scale }, 'scale')}
        onEnd={endGesture}
      />
      <Slider
        name="layerRotation"
        label={t('layers.rotation')}
        min={-180}
        max={180}
        step={1}
        format={(value) => `${Math.round(value)}°`}
        value={layer.rotation}
        onChange={(rotation) => update({ rotation }, 'rotate')}
        onEnd={endGesture}
      />
      <Button
        variant="danger"
        icon={<Trash2 />}
        onClick={() => {
          change({ ...state, layers: state.layers.filter((candidate) => candidate.id !== layer.id) });
          onRemoved();
        }}
      >
        {t('layers.delete')}
      </Button>
    </PanelSection>
  );
}

/** Where a new sticker or text starts: the photo's centre, at its natural size, upright. */
const PLACED_AT_CENTRE = { x: 0.5, y: 0.5, scale: 1, rotation: 0 } as const;

/** Adds a new sticker or text at the centre, as one step, and selects it. */
export function placeLayer(
  { state, change }: Pick<TabProps, 'state' | 'change'>,
  onSelect: (id: string) => void,
  layer: DistributiveOmit<Placed, 'id' | keyof typeof PLACED_AT_CENTRE>,
): void {
  const placed = { ...layer, ...PLACED_AT_CENTRE, id: newId() } as Placed;
  change({ ...state, layers: [...state.layers, placed] });
  onSelect(placed.id);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The selected layer when it is of one of these kinds. */
export function selectedOf<K extends Placed['kind']>(
  layers: readonly Layer[],
  id: string | null,
  kinds: readonly K[],
): Extract<Placed, { kind: K }> | null {
  const layer = layers.find((candidate) => candidate.id === id);
  return layer && (kinds as readonly string[]).includes(layer.kind)
    ? (layer as Extract<Placed, { kind: K }>)
    : null;
}
