/** core.md §2: the Next button ('add_photos') is active only above 0 and within the maximum. */
export const canFinishSelection = (count: number, max: number | undefined): boolean =>
  count > 0 && (max === undefined || count <= max);

/** `?max=` of an external selection: a positive whole number, else no maximum. */
export function parseSelectionMax(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const max = Number(raw);
  return max > 0 ? max : undefined;
}

/** What the page that asked gets back (postMessage to its window, same origin only). */
export interface PhotoSelectionResult {
  type: 'nordlys:selectPhotos';
  id: string;
  files: { fileID: string; jobID: string; fileName: string }[];
}

const KEY = (id: string) => `nordlys:selectPhotos:${id}`;

export function storeSelection(result: PhotoSelectionResult, storage: Storage = sessionStorage): void {
  storage.setItem(KEY(result.id), JSON.stringify(result));
}

export function readSelection(id: string, storage: Storage = sessionStorage): PhotoSelectionResult | null {
  try {
    const value = JSON.parse(storage.getItem(KEY(id)) ?? 'null') as PhotoSelectionResult | null;
    return value && value.type === 'nordlys:selectPhotos' && value.id === id && Array.isArray(value.files)
      ? value
      : null;
  } catch {
    return null;
  }
}
