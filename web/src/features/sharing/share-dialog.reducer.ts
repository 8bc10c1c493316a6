/** core.md §2 share dialog views; 'closed' when not shown. */
export type ShareView = 'closed' | 'options' | 'albumOptions' | 'email' | 'externalOptions';

export interface ShareDialogState {
  view: ShareView;
  /** The link being made, or made: pending until the server answers. */
  link: { status: 'none' } | { status: 'pending' } | { status: 'ready'; url: string; shareId: string | null };
  /** The share item is an album (made through "add as album"). */
  isAlbum: boolean;
  /**
   * share_failed for 3 s after a failed link; loginRequired for a signed-out visitor's album or
   * e-mail; email_failed while the e-mail view shows a send that did not go out.
   */
  message: ShareDialogMessage | null;
}

export type ShareDialogMessage = 'share_failed' | 'loginRequired' | 'email_failed';

/** The messages that go away by themselves after SHARE_ERROR_DISPLAY_MS. */
export const isTransientMessage = (message: ShareDialogMessage | null) =>
  message === 'share_failed' || message === 'loginRequired';

export type ShareDialogEvent =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'addAsAlbumChosen'; signedIn: boolean }
  | { type: 'getLinkChosen' }
  | { type: 'linkCreated'; url: string; shareId: string | null }
  | { type: 'linkFailed' }
  | { type: 'albumCreated'; url: string }
  | { type: 'shareByEmailChosen'; signedIn: boolean }
  | { type: 'emailSent' }
  | { type: 'emailFailed' }
  | { type: 'back' }
  | { type: 'messageExpired' };

export const initialShareDialog: ShareDialogState = {
  view: 'closed',
  link: { status: 'none' },
  isAlbum: false,
  message: null,
};

/** core.md §8: share_failed is shown for 3 seconds. */
export const SHARE_ERROR_DISPLAY_MS = 3000;

/** The share dialog's transitions (core.md §2), free of React and I/O. */
export function shareDialogReducer(state: ShareDialogState, event: ShareDialogEvent): ShareDialogState {
  switch (event.type) {
    case 'opened':
      return { ...initialShareDialog, view: 'options' };
    case 'closed':
      return initialShareDialog;
    case 'addAsAlbumChosen':
      return event.signedIn
        ? { ...state, view: 'albumOptions', message: null }
        : { ...state, message: 'loginRequired' };
    case 'getLinkChosen':
      return { ...state, view: 'externalOptions', link: { status: 'pending' }, message: null };
    case 'linkCreated':
      if (state.link.status !== 'pending') return state;
      return { ...state, link: { status: 'ready', url: event.url, shareId: event.shareId } };
    case 'linkFailed':
      return { ...state, view: 'options', link: { status: 'none' }, message: 'share_failed' };
    case 'albumCreated':
      return {
        ...state,
        view: 'externalOptions',
        isAlbum: true,
        link: { status: 'ready', url: event.url, shareId: null },
        message: null,
      };
    case 'shareByEmailChosen':
      if (state.link.status !== 'ready') return state;
      return event.signedIn
        ? { ...state, view: 'email', message: null }
        : { ...state, message: 'loginRequired' };
    case 'emailSent':
      return initialShareDialog;
    case 'emailFailed':
      return state.view === 'email' ? { ...state, message: 'email_failed' } : state;
    case 'back':
      if (state.view === 'email') return { ...state, view: 'externalOptions', message: null };
      if (state.view === 'albumOptions') return { ...state, view: 'options' };
      return state;
    case 'messageExpired':
      return { ...state, message: null };
  }
}

export { emailFormCheck, LINK_SUFFIX, linkFor } from '@nordlys/contract/share';

/** The thumbnails at the dialog's head: one file 296 px; otherwise 128 px, 88 px on a phone. */
export function headThumbSize(count: number, isMobile: boolean): number {
  if (count === 1) return 296;
  return isMobile ? 88 : 128;
}

/** core.md §5: videos cannot go to a social network's album. */
export const canShareToSocialAlbum = (files: readonly { duration?: number | null }[]) =>
  files.every((file) => !file.duration);

/**
 * core.md §5: a signed-out visitor sharing exactly one file gets a direct link without a server
 * call; anyone else gets a share made on the server.
 */
export const needsServerShare = (signedIn: boolean, count: number) => signedIn || count !== 1;
