import {
  Aperture,
  Brush,
  Crop,
  Frame,
  Images,
  Layers,
  type LucideIcon,
  SlidersHorizontal,
  Sticker,
  TextQuote,
  Type,
  WandSparkles,
} from 'lucide-react';

/** account.md §2 Photo editor: the tabs, in the spec's order. */
export const EDITOR_TABS = [
  'library',
  'filters',
  'adjustments',
  'focus',
  'overlays',
  'stickers',
  'text',
  'textDesign',
  'frames',
  'brush',
  'transform',
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export const TAB_ICONS: Record<EditorTab, LucideIcon> = {
  library: Images,
  filters: WandSparkles,
  adjustments: SlidersHorizontal,
  focus: Aperture,
  overlays: Layers,
  stickers: Sticker,
  text: Type,
  textDesign: TextQuote,
  frames: Frame,
  brush: Brush,
  transform: Crop,
};
