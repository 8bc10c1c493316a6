import { describe, expect, it } from 'vitest';
import { idleTexts } from './receiver-texts';

describe('idleTexts', () => {
  it('reads the locale the server chose, with the brand in the hint', () => {
    expect(idleTexts('sv_SE', 'Aurora')).toEqual({
      brand: 'Aurora',
      ready: 'Redo att casta',
      hint: 'Öppna en bild eller ett album i Aurora på mobilen eller datorn och välj ”Casta till en TV” för att visa det här.',
    });
    expect(idleTexts('nb_NO', 'Nordlys').ready).toBe('Klar til casting');
    expect(idleTexts('bg_BG', 'Nordlys').ready).toBe('Готово за предаване');
  });

  it('falls back to English and the product name', () => {
    expect(idleTexts(undefined, '  ')).toMatchObject({ brand: 'Nordlys', ready: 'Ready to cast' });
    expect(idleTexts('de_DE', undefined).hint).toContain('in Nordlys on your phone');
  });
});
