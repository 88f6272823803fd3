import { describe, expect, it } from 'vitest';
import { genderedPolish } from './gendered-polish';

describe('genderedPolish', () => {
  it('finds the texts issue 34 saw', () => {
    expect(genderedPolish('Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.')).toEqual(['zakładałeś']);
    expect(genderedPolish('Jeśli to nie Ty zleciłeś eksport')).toEqual(['zleciłeś']);
    expect(genderedPolish('Anna Nowak oznaczył(a) zlecenie jako zrealizowane.')).toEqual(['oznaczył(a)']);
    expect(genderedPolish('które przyjąłeś(-aś) jako substytut')).toEqual(['przyjąłeś', 'przyjąłeś(-aś)']);
  });

  it('finds the feminine-only and conditional forms too', () => {
    expect(genderedPolish('Czy zrobiłaś to?')).toEqual(['zrobiłaś']);
    expect(genderedPolish('Gdybyś chciał, zrobiłbyś to.')).toEqual(['zrobiłbyś']);
    expect(genderedPolish('Czy jesteś zadowolony/a?')).toEqual(['zadowolony/a']);
    expect(genderedPolish('Czy jesteś pewien(-na)?')).toEqual(['pewien(-na)']);
  });

  it('leaves neutral phrasings and words that only look alike alone', () => {
    for (const text of [
      'Jeśli to Ty, zaloguj się na swoje konto.',
      'Jeśli konto założył ktoś inny, zignoruj tę wiadomość.',
      'klient właśnie płaci za jedną z Twoich ofert',
      'Prawnik usuwa Konto w panelu.',
      'Kancelaria/Firma',
      'const b = from(a); askedOf(a);',
      'Adwokat Anna Nowak oznaczyła zlecenie jako zrealizowane.',
    ]) {
      expect(genderedPolish(text), text).toEqual([]);
    }
  });
});
