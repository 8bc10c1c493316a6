import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, PLAIN_TEXT_PATTERN, PlainText, withoutControlCharacters } from './plain-text';

describe('plain text', () => {
  it('finds C0, DEL and C1 control characters and nothing else', () => {
    for (const c of ['\u0000', '\t', '\r', '\u001f', '\u007f', '\u0080', '\u009f']) {
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    for (const text of ['Åse Ødegård', '李小龍 🌟', 'a\u00a0b', 'a\u200db', ' ~']) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });

  it('cleans a name it may not refuse', () => {
    expect(withoutControlCharacters('Siri\u0000 Sol\u0085\n')).toBe('Siri Sol');
  });

  it('gives schemas the same rule as the helpers, in the form Ajv and TypeBox read', () => {
    const schema = PlainText({ maxLength: 5 });
    expect(schema).toMatchObject({ pattern: PLAIN_TEXT_PATTERN });
    expect(new RegExp(PLAIN_TEXT_PATTERN, 'u').test('a\u0085')).toBe(false);
    expect(Value.Check(schema, 'Åse')).toBe(true);
    expect(Value.Check(schema, 'a\u0000')).toBe(false);
    expect(Value.Check(schema, 'too long')).toBe(false);
  });
});
