import { useEffect, useState } from 'react';
import { FILTERS } from './engine/compose/filters';
import { createEditorRenderer } from './engine/create-renderer';
import { INITIAL_EDIT_STATE } from './engine/edit-state';

const THUMB_SIDE = 112;

/**
 * Each look drawn on a small copy of the photo itself, once, when the filters tab first shows:
 * the CPU renderer over a thumbnail is quick and leaves the preview's GPU context alone.
 */
export function useFilterThumbnails(source: ImageBitmap): Readonly<Record<string, string>> {
  const [thumbnails, setThumbnails] = useState<Record<string, string>>({});
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const scale = THUMB_SIDE / Math.min(source.width, source.height);
      const small = await createImageBitmap(source, {
        resizeWidth: Math.max(1, Math.round(source.width * scale)),
        resizeHeight: Math.max(1, Math.round(source.height * scale)),
        resizeQuality: 'medium',
      });
      const canvas = document.createElement('canvas');
      canvas.width = small.width;
      canvas.height = small.height;
      const { renderer } = await createEditorRenderer(canvas, small, { preferCpu: true });
      const made: Record<string, string> = {};
      try {
        for (const filter of [null, ...FILTERS]) {
          if (cancelled) return;
          renderer.renderPreview({
            ...INITIAL_EDIT_STATE,
            filter: filter ? { id: filter.id, intensity: 1 } : null,
          });
          made[filter?.id ?? 'none'] = canvas.toDataURL('image/jpeg', 0.8);
        }
      } finally {
        renderer.dispose();
        small.close();
      }
      if (!cancelled) setThumbnails(made);
    })().catch(() => {
      // Without thumbnails the looks are still listed by name.
    });
    return () => {
      cancelled = true;
    };
  }, [source]);
  return thumbnails;
}
