import { describe, expect, it } from 'vitest';

// Every feature component's text, keyed by its path from here ('../features/…').
const COMPONENTS = import.meta.glob<string>('../features/**/*.component.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Components that still reach the server themselves, each with why. Everything else reads and
 * writes server data through server-cache/ (its hooks give the loading and failed states).
 */
const ALLOWED: Record<string, string> = {
  // A file's bytes, not data: the editor reads the preview image to draw it on a canvas.
  'features/editor/editor-screen.component.tsx': 'reads the preview image to draw it, then the saved record',
};

/**
 * Components not moved to the cache yet, each with what holds it back. The list only shrinks: a
 * component that no longer reaches the server must come off it (the test below says so).
 */
const NOT_YET_MOVED: Record<string, string> = {
  'features/albums/album-screen.component.tsx': 'album load and password state machine; live feed',
  'features/albums/album-page.component.tsx': "files kept in step by the live feed's own reads",
  'features/albums/album-viewer-screen.component.tsx': 'album load with the viewer source',
  'features/comments/comments-panel.component.tsx': "comments kept in step by the live feed's own reads",
  'features/carousel/metadata-panel.component.tsx': 'file metadata: no cache endpoint yet',
  'features/carousel/video-player.component.tsx': 'encoding status polled while a video is processed',
  'features/documents/documents-page.component.tsx': 'documents list: no cache endpoint yet',
  'features/downloads/takeout-page.component.tsx': 'one-off walk of every page for an archive list',
  'features/privacy/data-access-section.component.tsx': 'copy polled while being built, and a blob download',
  'features/sharing/share-receiver-page.component.tsx': 'share load and password state machine',
  'features/subscriptions/change-card-dialog.component.tsx':
    'card set-up steps read ApiError (card-setup.ts)',
  'features/subscriptions/offline-card-form.component.tsx': 'card set-up steps read ApiError (card-setup.ts)',
  'features/subscriptions/subscription-wizard.component.tsx': 'purchase steps read ApiError (card-setup.ts)',
  'features/trash/trash-albums-page.component.tsx': 'trash: no cache endpoint yet',
  'features/trash/trash-hub.component.tsx': 'trash: no cache endpoint yet',
  'features/trash/trash-photos-page.component.tsx': 'trash: no cache endpoint yet',
};

/** Modules of api/ that carry no request: errors, the session's token, the feed's hook type. */
const NO_REQUEST = /^api\/(errors|session|error-messages|service-hosts)$/;

/** A static import (not `import type`) from `specifier`; import type and `type`-only braces are fine. */
const VALUE_IMPORT = /^import\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)';/gms;

function joinPath(base: string, specifier: string): string {
  const parts = base.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Why a component's text reaches the server outside the cache, or nothing. */
export function serverReads(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, names = '', specifier = ''] of text.matchAll(VALUE_IMPORT)) {
    if (!specifier.startsWith('.')) continue;
    const target = joinPath(file, specifier);
    if (!target.startsWith('api/') || NO_REQUEST.test(target)) continue;
    // `{ type A, type B }` brings in no code.
    const values = names
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    if (values.length > 0) found.push(`imports ${values.join(', ')} from ${target}`);
  }
  if (/(^|[^.\w])fetch\s*\(/m.test(text)) found.push('calls fetch()');
  return found;
}

describe('server data goes through the cache', () => {
  it('no feature component imports a request from api/ or calls fetch, beyond the allow-list', () => {
    const offences: string[] = [];
    for (const [key, text] of Object.entries(COMPONENTS)) {
      const file = key.replace(/^\.\.\//, '');
      if (file in ALLOWED || file in NOT_YET_MOVED) continue;
      for (const why of serverReads(file, text)) offences.push(`${file} ${why}`);
    }
    expect(offences, `\n${offences.join('\n')}\n`).toEqual([]);
  });

  it('keeps both lists to components that exist and still reach the server', () => {
    for (const file of [...Object.keys(ALLOWED), ...Object.keys(NOT_YET_MOVED)]) {
      const text = COMPONENTS[`../${file}`];
      expect(text, `${file} is gone`).toBeDefined();
      expect(serverReads(file, text as string), `${file} no longer reaches the server`).not.toEqual([]);
    }
  });

  it('catches a request imported from api/ and a direct fetch, not types or errors', () => {
    const file = 'features/albums/a.component.tsx';
    expect(serverReads(file, "import { fetchAlbums } from '../../api/albums.api';")).toEqual([
      'imports fetchAlbums from api/albums.api',
    ]);
    expect(serverReads(file, "import { type Album, fetchAlbum } from '../../api/albums.api';")).toEqual([
      'imports fetchAlbum from api/albums.api',
    ]);
    expect(serverReads(file, "import { apiRequest } from '../../api/client';")).toEqual([
      'imports apiRequest from api/client',
    ]);
    expect(serverReads(file, 'const r = await fetch(url);')).toEqual(['calls fetch()']);
    expect(serverReads(file, "import type { Album } from '../../api/albums.api';")).toEqual([]);
    expect(serverReads(file, "import { type Album } from '../../api/albums.api';")).toEqual([]);
    expect(serverReads(file, "import { isApiError } from '../../api/errors';")).toEqual([]);
    expect(
      serverReads(file, "import { useAlbumsQuery } from '../../server-cache/albums.endpoints';"),
    ).toEqual([]);
    expect(serverReads(file, 'const r = await ports.fetch(url); refetch();')).toEqual([]);
  });
});
