/** Boolean test flags (core.md §9, account.md §9). Names are also the URL query keys. */
export const FLAG_DEFINITIONS = [
  { name: 'new-signup', defaultValue: false },
  { name: 'delete-card', defaultValue: false },
  { name: 'use-telenor-id-pluss', defaultValue: true },
] as const;

export type FlagName = (typeof FLAG_DEFINITIONS)[number]['name'];
export type Flags = Record<FlagName, boolean>;

export const FLAG_NAMES: readonly FlagName[] = FLAG_DEFINITIONS.map((flag) => flag.name);

export const DEFAULT_FLAGS: Flags = Object.fromEntries(
  FLAG_DEFINITIONS.map((flag) => [flag.name, flag.defaultValue]),
) as Flags;

export const isFlagName = (value: string): value is FlagName =>
  (FLAG_NAMES as readonly string[]).includes(value);

/** Any flag off its default means the page is not what real users see: the QA marker turns red. */
export const hasActiveTestFlags = (flags: Flags): boolean =>
  FLAG_NAMES.some((name) => flags[name] !== DEFAULT_FLAGS[name]);
