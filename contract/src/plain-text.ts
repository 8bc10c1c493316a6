import { type TStringOptions, Type } from 'typebox';

// C0 controls, DEL and C1 controls. A NUL cuts a name short in C libraries and PostgreSQL text
// refuses it; the others move the cursor or hide text wherever the name is shown or exported.
const CONTROL_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f';

/** The schema pattern of text without control characters; error replies recognise it by this value. */
export const PLAIN_TEXT_PATTERN = `^[^${CONTROL_CHARACTERS}]*$`;

const controlCharacter = new RegExp(`[${CONTROL_CHARACTERS}]`, 'u');
const controlCharacters = new RegExp(`[${CONTROL_CHARACTERS}]`, 'gu');

export const hasControlCharacters = (text: string): boolean => controlCharacter.test(text);

/** For names the server did not receive from the person (another provider's claims): keep the rest. */
export const withoutControlCharacters = (text: string): string => text.replace(controlCharacters, '');

/**
 * A free-text name on the wire (account, device, file or option name): any characters a person can
 * type, but no control characters.
 */
export const PlainText = (options: TStringOptions = {}) =>
  Type.String({ ...options, pattern: PLAIN_TEXT_PATTERN });
