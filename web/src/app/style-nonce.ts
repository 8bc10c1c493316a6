import { STYLE_NONCE_META_PROPERTY } from '@nordlys/contract/client-config';

/**
 * Hands the page's style nonce to the libraries that insert stylesheets at run time: the scroll
 * lock behind dialogs and menus reads it from `__webpack_nonce__`. Without it the page's policy
 * refuses those styles. Browsers hide the nonce attribute, so the property is read first.
 */
export function adoptStyleNonce(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[property="${STYLE_NONCE_META_PROPERTY}"]`);
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
