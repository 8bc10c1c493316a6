/**
 * Whoever makes a request, the one shape every access check takes: a signed-in user's device,
 * or a signed-out visitor. Either may show a password (an album's, transformed as core.md §5
 * says, or a share's as typed) and a guest token; the address counts their password guesses.
 */
export interface Caller {
  /** null for a signed-out visitor. */
  userId: string | null;
  isReadOnly: boolean;
  password: string | null;
  guestToken: string | null;
  address: string | null;
}

/** A caller with a valid device token, as routes that need a signed-in user have it. */
export interface SignedInCaller extends Caller {
  userId: string;
  email: string;
  name: string;
  deviceId: string;
}

/** A signed-out visitor who showed nothing. */
export const signedOutCaller = (address: string | null = null): Caller => ({
  userId: null,
  isReadOnly: false,
  password: null,
  guestToken: null,
  address,
});
