import { LOCALES } from '@nordlys/contract/constants';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { EDITOR_TABS } from './editor-tabs';
import { FILTERS } from './engine/compose/filters';
import { CROP_PRESETS } from './engine/geometry/crop-presets';
import { FONTS } from './engine/layers/fonts';
import { FRAMES } from './engine/layers/frames';
import { STICKERS } from './engine/layers/stickers';
import { TEXT_DESIGNS } from './engine/layers/text-designs';
import { ratioKey } from './tabs/transform-tab';

/** Every key the tabs make from the engine's catalogues, so a new look or sticker cannot show a raw key. */
const keys = [
  ...EDITOR_TABS.map((tab) => `tabs.${tab}`),
  ...FILTERS.map((filter) => `filters.names.${filter.id}`),
  ...STICKERS.map((sticker) => `stickers.names.${sticker.id}`),
  ...FONTS.map((font) => `text.fonts.${font.id}`),
  ...TEXT_DESIGNS.map((design) => `textDesign.names.${design.id}`),
  ...FRAMES.map((frame) => `frames.names.${frame.id}`),
  ...CROP_PRESETS.map((group) => `transform.presetGroups.${group.id}`),
  ...CROP_PRESETS.flatMap((group) =>
    group.id === 'common'
      ? group.ratios.map((ratio) => ratioKey(ratio.id))
      : group.ratios.map((ratio) => `transform.presetNames.${group.id}.${ratio.id}`),
  ),
];

describe('the editor names everything the engine offers', () => {
  it.each(LOCALES)('in %s', (locale) => {
    const t = i18next.getFixedT(locale, 'editor');
    const missing = keys.filter(
      (key) => !i18next.exists(key, { lng: locale, ns: 'editor', fallbackLng: false }),
    );
    expect(missing).toEqual([]);
    expect(t('tabs.transform')).not.toBe('tabs.transform');
  });
});
