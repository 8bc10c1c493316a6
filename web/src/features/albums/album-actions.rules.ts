import type { CurrentUserCan } from '@nordlys/contract/album';

/** What can be done from the album page's action bar, in the order it is shown. */
export type AlbumActionId =
  | 'addPhotos'
  | 'join'
  | 'share'
  | 'keepFiles'
  | 'download'
  | 'slideshow'
  | 'sort'
  | 'settings'
  | 'createOwn'
  | 'leave'
  | 'delete';

export interface AlbumActionFacts {
  isOwner: boolean;
  /** Opened through the visitor link (/a/…), signed in or not. */
  visitor: boolean;
  signedIn: boolean;
  isShared: boolean;
  rights: Pick<CurrentUserCan, 'addFiles' | 'subscribe' | 'unsubscribe' | 'keepFiles' | 'editAlbum'>;
}

/** The actions a reader has at all (core.md §6), before they are laid out. */
export function albumActions(facts: AlbumActionFacts): AlbumActionId[] {
  const { isOwner, visitor, signedIn, isShared, rights } = facts;
  const signedOutVisitor = visitor && !signedIn;
  const has: Record<AlbumActionId, boolean> = {
    addPhotos: rights.addFiles && !visitor,
    join: rights.subscribe || (signedOutVisitor && isShared),
    share: isOwner,
    keepFiles: !isOwner && (visitor || rights.keepFiles),
    download: true,
    slideshow: true,
    sort: true,
    settings: rights.editAlbum,
    createOwn: signedOutVisitor,
    leave: rights.unsubscribe,
    delete: isOwner,
  };
  return (Object.keys(has) as AlbumActionId[]).filter((id) => has[id]);
}

/** Shown as labelled buttons when there is room; the rest of the first four go to More on a phone. */
const LEADING: readonly AlbumActionId[] = ['addPhotos', 'join', 'share', 'keepFiles'];
/** Always in More: rarely used, or destructive. */
const MENU_ONLY: readonly AlbumActionId[] = ['createOwn', 'leave', 'delete'];
/** A phone has room for two labelled buttons and More on one line at 320 px and up. */
export const PHONE_BUTTONS = 2;

/**
 * Where each action goes: on a desktop every everyday action is a button and More holds the rare
 * ones; on a phone the first two leading actions stay labelled buttons and everything else moves
 * into More, so the bar is one even row with no unlabelled icons.
 */
export function albumActionLayout(
  actions: readonly AlbumActionId[],
  phone: boolean,
): { buttons: AlbumActionId[]; menu: AlbumActionId[] } {
  const menuOnly = actions.filter((id) => MENU_ONLY.includes(id));
  const everyday = actions.filter((id) => !MENU_ONLY.includes(id));
  if (!phone) return { buttons: everyday, menu: menuOnly };
  const buttons = everyday.filter((id) => LEADING.includes(id)).slice(0, PHONE_BUTTONS);
  return { buttons, menu: [...everyday.filter((id) => !buttons.includes(id)), ...menuOnly] };
}
