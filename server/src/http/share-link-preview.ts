import type { FastifyRequest } from 'fastify';
import type { ShareService } from '../services/share.service';
import { originOf } from './origin';

const SHARE_PAGE = /^\/share\/([A-Za-z0-9_-]{22})\/?$/;

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Open Graph tags for a share's page, so chat apps show a title and a picture for the link. Only
 * for a live share without a password: a protected share's page says nothing about it.
 */
export function shareLinkPreview(
  shares: Pick<ShareService, 'preview'>,
  brand: string,
  publicUrl: string | null,
) {
  return async (request: FastifyRequest): Promise<string> => {
    const match = SHARE_PAGE.exec(request.url.split('?')[0] ?? '');
    if (!match?.[1]) return '';
    const preview = await shares.preview(match[1]);
    if (!preview) return '';
    const origin = originOf(request, publicUrl);
    const owner = preview.ownerName || brand;
    const title = `${owner} · ${preview.count} ${preview.count === 1 ? 'file' : 'files'}`;
    const tags = [
      ['og:type', 'website'],
      ['og:site_name', brand],
      ['og:title', title],
      ['og:url', `${origin}/share/${match[1]}`],
      ...(preview.imageUrl
        ? [['og:image', preview.imageUrl.startsWith('/') ? `${origin}${preview.imageUrl}` : preview.imageUrl]]
        : []),
    ];
    return tags
      .map(
        ([property, content]) => `<meta property="${property}" content="${escapeAttribute(content ?? '')}">`,
      )
      .join('');
  };
}
