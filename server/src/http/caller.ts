import { ALBUM_PASSWORD_HEADER, GUEST_TOKEN_HEADER } from '@nordlys/contract/album';
import { SHARE_PASSWORD_HEADER, SHARE_PASSWORD_MAX_LENGTH } from '@nordlys/contract/share';
import type { FastifyRequest } from 'fastify';
import { type Caller, signedOutCaller } from '../domain/caller';

const MAX_HEADER_VALUE = 256;

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER_VALUE ? value : null;
}

/**
 * The caller of a route that signed-out visitors may use too (shared albums): the session if a
 * token was sent (an invalid one still answers 401), the album password and guest token headers,
 * and the client address that password guesses are counted against.
 */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const session = await request.optionalSession();
  return {
    ...(session ?? signedOutCaller()),
    password: header(request, ALBUM_PASSWORD_HEADER),
    guestToken: header(request, GUEST_TOKEN_HEADER),
    address: request.ip,
  };
}

/** Header values are bytes, so the client percent-encodes the password it was typed as. */
function decodedPassword(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > SHARE_PASSWORD_MAX_LENGTH * 9)
    return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The caller with the share password (as typed) in place of an album's. */
export async function shareCallerOf(request: FastifyRequest): Promise<Caller> {
  const caller = await callerOf(request);
  return { ...caller, password: decodedPassword(request.headers[SHARE_PASSWORD_HEADER.toLowerCase()]) };
}
