import { useTranslation } from 'react-i18next';
import { Slider, type TabProps } from '../editor-controls';
import { FILTERS } from '../engine/compose/filters';
import { useFilterThumbnails } from '../use-filter-thumbnails';

/** Named looks built from the adjustments, each shown on the photo itself, with how strongly it applies. */
export function FiltersTab({ state, change, endGesture, source }: TabProps & { source: ImageBitmap }) {
  const { t } = useTranslation('editor');
  const thumbnails = useFilterThumbnails(source);
  const current = state.filter?.id ?? null;
  const options = [null, ...FILTERS.map((filter) => filter.id)];
  return (
    <div className="editor-panel__stack">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div className="editor-looks" role="group" aria-label={t('tabs.filters')}>
        {options.map((id) => {
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
              <span className="editor-look__name">
                {id === null ? t('filters.none') : t(`filters.names.${id}`)}
              </span>
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
