import { useTranslation } from 'react-i18next';
import { Slider, type TabProps } from '../editor-controls';
import { FILTERS } from '../editor-engine';

/** Named looks built from the adjustments, with how strongly each is applied. */
export function FiltersTab({
  state,
  change,
  endGesture,
  thumbnails,
}: TabProps & { thumbnails: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('editor');
  const current = state.filter?.id ?? null;
  const options = [null, ...FILTERS.map((filter) => filter.id)];
  return (
    <div className="editor-panel__stack">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div className="editor-looks" role="group" aria-label={t('tabs.filters')}>
        {options.map((id) => {
          const label = id === null ? t('filters.none') : t(`filters.names.${id}`, { defaultValue: id });
          const thumb = thumbnails[id ?? 'none'];
          return (
            <button
              key={id ?? 'none'}
              type="button"
              className="editor-look"
              aria-pressed={current === id}
              onClick={() => change({ ...state, filter: id === null ? null : { id, intensity: 1 } })}
            >
              {thumb ? (
                <img className="editor-look__thumb" src={thumb} alt="" />
              ) : (
                <span className="editor-look__thumb" />
              )}
              <span className="editor-look__name">{label}</span>
            </button>
          );
        })}
      </div>
      {state.filter ? (
        <Slider
          name="filterIntensity"
          label={t('filters.intensity')}
          min={0}
          max={1}
          value={state.filter.intensity}
          onChange={(intensity) =>
            state.filter && change({ ...state, filter: { ...state.filter, intensity } }, 'filter:intensity')
          }
          onEnd={endGesture}
        />
      ) : null}
    </div>
  );
}
