import { AlignCenter, AlignLeft, AlignRight, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../ui/button';
import { PanelSection, type TabProps } from '../editor-controls';
import type { TextLayer } from '../engine/edit-state';
import { DEFAULT_FONT_ID, FONTS } from '../engine/layers/fonts';
import { TEXT_DESIGNS } from '../engine/layers/text-designs';
import { LayerControls, placeLayer, selectedOf, withLayer } from './layer-controls';

const ALIGNMENTS = [
  ['left', AlignLeft],
  ['center', AlignCenter],
  ['right', AlignRight],
] as const;

/** The text fields of the selected text layer: words, font, colour and alignment. */
function TextFields({
  state,
  change,
  layer,
}: Pick<React.ComponentProps<typeof TextTab>, 'state' | 'change'> & { layer: TextLayer }) {
  const { t } = useTranslation('editor');
  const textId = useId();
  const fontId = useId();
  const colourId = useId();
  const update = (patch: Partial<TextLayer>, group?: string) =>
    change(
      {
        ...state,
        layers: withLayer(state.layers, layer.id, (current) => ({ ...current, ...patch }) as TextLayer),
      },
      group ? `${group}:${layer.id}` : undefined,
    );
  return (
    <PanelSection title={t('text.edit')}>
      <label className="editor-field" htmlFor={textId}>
        <span>{t('text.words')}</span>
        <textarea
          id={textId}
          rows={2}
          value={layer.text}
          onChange={(event) => update({ text: event.target.value }, 'text')}
        />
      </label>
      <div className="editor-panel__row">
        <label className="editor-field" htmlFor={fontId}>
          <span>{t('text.font')}</span>
          <select id={fontId} value={layer.font} onChange={(event) => update({ font: event.target.value })}>
            {FONTS.map((font) => (
              <option key={font.id} value={font.id}>
                {t(`text.fonts.${font.id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="editor-field editor-field--colour" htmlFor={colourId}>
          <span>{t('text.colour')}</span>
          <input
            id={colourId}
            type="color"
            value={layer.color}
            onChange={(event) => update({ color: event.target.value }, 'colour')}
          />
        </label>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div className="editor-panel__row" role="group" aria-label={t('text.alignment')}>
        {ALIGNMENTS.map(([align, Icon]) => (
          <IconButton
            key={align}
            label={t(`text.align.${align}`)}
            icon={<Icon />}
            aria-pressed={layer.align === align}
            onClick={() => update({ align })}
          />
        ))}
      </div>
    </PanelSection>
  );
}

/** Plain text (`design` null) or, in the text design tab, styled blocks. */
export function TextTab({
  selectedId,
  onSelect,
  designs = false,
  ...props
}: TabProps & { selectedId: string | null; onSelect(id: string | null): void; designs?: boolean }) {
  const { t } = useTranslation('editor');
  const { state, change } = props;
  const selected = selectedOf(state.layers, selectedId, ['text']);
  const add = (design: string | null) => {
    const look = TEXT_DESIGNS.find((item) => item.id === design);
    placeLayer(props, onSelect, {
      kind: 'text',
      text: t('text.placeholder'),
      font: look?.fontId ?? DEFAULT_FONT_ID,
      color: look?.color ?? '#ffffff',
      align: 'center',
      design,
      background: null,
    });
  };
  return (
    <div className="editor-panel__stack">
      {designs ? (
        <PanelSection title={t('textDesign.add')}>
          <ul className="editor-designs">
            {TEXT_DESIGNS.map((design) => (
              <li key={design.id}>
                <button
                  type="button"
                  className={`editor-design editor-design--${design.id}`}
                  onClick={() => add(design.id)}
                >
                  {t(`textDesign.names.${design.id}`)}
                </button>
              </li>
            ))}
          </ul>
        </PanelSection>
      ) : (
        <Button variant="primary" icon={<Plus />} onClick={() => add(null)}>
          {t('text.add')}
        </Button>
      )}
      {selected ? (
        <>
          <TextFields state={state} change={change} layer={selected} />
          <LayerControls {...props} layer={selected} onRemoved={() => onSelect(null)} />
        </>
      ) : (
        <p className="editor-panel__hint">{t('layers.hint')}</p>
      )}
    </div>
  );
}
