import { registerGuest } from '../../api/comments.api';
import { rememberGuest } from './pending-comment.storage';

export interface Guest {
  token: string;
  name: string;
  id: string;
}

/** Registers a signed-out visitor's name for the album and keeps the identity for this tab. */
export async function nameGuest(albumId: string, name: string, password: string | null): Promise<Guest> {
  const identity = await registerGuest(albumId, name, { password });
  const guest = { token: identity.token, name: identity.name, id: identity.guest_id };
  rememberGuest(albumId, guest);
  return guest;
}
