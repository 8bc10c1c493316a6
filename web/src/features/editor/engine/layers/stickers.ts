/**
 * The sticker library: small SVG drawings kept in the repository (no requests to anyone). Ids are
 * stable and readable, so the screens can key both the sticker's name and its alt text by id.
 * Every drawing is on a 64 x 64 view box.
 */
export interface Sticker {
  id: string;
  svg: string;
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="256" height="256">${body}</svg>`;

export const STICKERS: readonly Sticker[] = [
  {
    id: 'heart',
    svg: svg(
      '<path d="M32 56 C10 40 4 28 8 18 C12 8 26 6 32 18 C38 6 52 8 56 18 C60 28 54 40 32 56Z" fill="#e5484d" stroke="#fff" stroke-width="3"/>',
    ),
  },
  {
    id: 'star',
    svg: svg(
      '<path d="M32 4 L40 24 L61 25 L44 38 L50 59 L32 47 L14 59 L20 38 L3 25 L24 24Z" fill="#ffc53d" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>',
    ),
  },
  {
    id: 'sun',
    svg: svg(
      `<g stroke="#ffb224" stroke-width="4" stroke-linecap="round">${Array.from({ length: 8 }, (_, k) => {
        const a = (k * Math.PI) / 4;
        const p = (r: number) => `${(32 + r * Math.cos(a)).toFixed(1)} ${(32 + r * Math.sin(a)).toFixed(1)}`;
        return `<path d="M${p(20)} L${p(29)}"/>`;
      }).join('')}</g><circle cx="32" cy="32" r="14" fill="#ffc53d"/>`,
    ),
  },
  {
    id: 'moon',
    svg: svg(
      '<path d="M40 6 A26 26 0 1 0 58 42 A20 20 0 1 1 40 6Z" fill="#f1e6b8" stroke="#fff" stroke-width="2"/>',
    ),
  },
  {
    id: 'snowflake',
    svg: svg(
      `<g stroke="#8ec8f6" stroke-width="4" stroke-linecap="round">${[0, 60, 120]
        .map(
          (d) =>
            `<path d="M32 4 V60 M24 10 L32 18 L40 10 M24 54 L32 46 L40 54" transform="rotate(${d} 32 32)"/>`,
        )
        .join('')}</g>`,
    ),
  },
  {
    id: 'aurora',
    svg: svg(
      '<path d="M4 44 C16 20 28 40 40 18 C48 6 56 14 60 10 L60 30 C52 34 48 26 40 38 C28 56 16 34 4 56Z" fill="#3dd68c" opacity="0.85"/><path d="M4 52 C18 34 30 50 44 30 C52 20 58 26 60 24" fill="none" stroke="#7ce2fe" stroke-width="3"/>',
    ),
  },
  {
    id: 'mountain',
    svg: svg(
      '<path d="M2 56 L22 22 L32 36 L42 16 L62 56Z" fill="#5b6b7f"/><path d="M42 16 L49 30 L44 28 L40 32 L36 27Z M22 22 L27 31 L22 29 L18 30Z" fill="#fff"/>',
    ),
  },
  {
    id: 'camera',
    svg: svg(
      '<rect x="6" y="18" width="52" height="36" rx="6" fill="#2b2f36"/><rect x="22" y="11" width="20" height="9" rx="2" fill="#2b2f36"/><circle cx="32" cy="36" r="12" fill="#8ec8f6" stroke="#fff" stroke-width="3"/><circle cx="49" cy="25" r="3" fill="#ffc53d"/>',
    ),
  },
  {
    id: 'speech-bubble',
    svg: svg(
      '<path d="M8 10 H56 A4 4 0 0 1 60 14 V40 A4 4 0 0 1 56 44 H26 L14 56 L16 44 H8 A4 4 0 0 1 4 40 V14 A4 4 0 0 1 8 10Z" fill="#fff" stroke="#2b2f36" stroke-width="3"/>',
    ),
  },
  {
    id: 'sparkles',
    svg: svg(
      '<path d="M24 6 L28 22 L44 26 L28 30 L24 46 L20 30 L4 26 L20 22Z M48 36 L50 44 L58 46 L50 48 L48 56 L46 48 L38 46 L46 44Z" fill="#ffe066" stroke="#fff" stroke-width="1.5"/>',
    ),
  },
  {
    id: 'thumbs-up',
    svg: svg(
      '<path d="M6 28 H16 V58 H6Z" fill="#3e63dd"/><path d="M18 28 L30 8 C34 6 38 9 36 16 L33 26 H54 C58 26 60 30 58 34 L52 54 C51 57 48 58 46 58 H18Z" fill="#ffc53d" stroke="#fff" stroke-width="2"/>',
    ),
  },
  {
    id: 'party-hat',
    svg: svg(
      '<path d="M32 4 L52 58 H12Z" fill="#8e4ec6"/><path d="M24 26 L40 26 M19 40 L45 40" stroke="#ffc53d" stroke-width="4"/><circle cx="32" cy="6" r="5" fill="#e5484d"/>',
    ),
  },
];

export function findSticker(id: string): Sticker | undefined {
  return STICKERS.find((s) => s.id === id);
}

/** A URL an <img> can load the sticker from, without any request. */
export const stickerUrl = (sticker: Sticker) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sticker.svg)}`;
