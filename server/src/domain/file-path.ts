import { hasControlCharacters } from '@nordlys/contract/plain-text';
import { badRequest } from './errors';

export const MAX_PATH_LENGTH = 1024;

export interface ParsedPath {
  /** Normalised: '/'-separated, no leading slash. */
  path: string;
  fileName: string;
  /** Lower-case, without the dot; '' when the name has none. */
  extension: string;
}

/**
 * Checks a client-sent relative path. It is stored and shown, never used to reach the file
 * system (bytes are stored by checksum), but '..', absolute parts and backslashes are refused
 * so that archives and other clients built from it cannot be steered elsewhere.
 */
export function parseFilePath(raw: unknown, field = 'path'): ParsedPath {
  if (typeof raw !== 'string' || raw.length === 0) throw badRequest(`${field} is required`);
  if (raw.endsWith('/')) throw badRequest('FileIsFolder');
  if (raw.length > MAX_PATH_LENGTH)
    throw badRequest(`${field} must be at most ${MAX_PATH_LENGTH} characters`);
  if (raw.includes('\\')) throw badRequest(`${field} must not contain a backslash`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw badRequest(`${field} must be relative`);
  if (hasControlCharacters(raw)) throw badRequest(`${field} must not contain control characters`);
  const segments = raw.split('/');
  for (const segment of segments) {
    if (segment === '') throw badRequest(`${field} must not have an empty segment`);
    if (segment === '.' || segment === '..') throw badRequest(`${field} must not contain '${segment}'`);
  }
  const fileName = segments[segments.length - 1] as string;
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return { path: raw, fileName, extension };
}
