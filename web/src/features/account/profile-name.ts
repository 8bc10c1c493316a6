/** account.md §5 "Name prompt: non-empty, max 255 characters". */
export const PROFILE_NAME_MAX = 255;

export type ProfileNameError = 'required' | 'tooLong';

export function validateProfileName(raw: string): ProfileNameError | null {
  const name = raw.trim();
  if (!name) return 'required';
  // Counted in code points, as a person would count the letters of a name.
  if ([...name].length > PROFILE_NAME_MAX) return 'tooLong';
  return null;
}
