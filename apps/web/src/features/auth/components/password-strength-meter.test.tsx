import { render, screen } from '@testing-library/react';
import { isPasswordStrengthLoaded } from '@substytut/shared';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { PasswordStrengthMeter } from './password-strength-meter';

function renderMeter(password: string, { email = '', language = 'pl' as 'pl' | 'en' } = {}) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <PasswordStrengthMeter id="strength" password={password} email={email} />
    </I18nextProvider>,
  );
}

const liveRegion = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;

describe('PasswordStrengthMeter', () => {
  // First in the file: nothing has loaded the dictionaries yet.
  it('loads nothing and says nothing before a password is typed, but keeps its live region', () => {
    const { container } = renderMeter('');
    expect(liveRegion(container)).toBeEmptyDOMElement();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(isPasswordStrengthLoaded()).toBe(false);
  });

  it('says a short password is too short, in words', () => {
    const { container } = renderMeter('abc');
    expect(liveRegion(container)).toHaveTextContent('Siła hasła: za krótkie (minimum 8 znaków)');
  });

  it.each([
    ['12345678', '', 'Siła hasła: bardzo słabe, łatwe do odgadnięcia'],
    ['password', '', 'Siła hasła: bardzo słabe, łatwe do odgadnięcia'],
    ['aaaaaaaa', '', 'Siła hasła: bardzo słabe, łatwe do odgadnięcia'],
    ['kowalski2024', 'jan.kowalski@kancelaria.pl', 'Siła hasła: słabe, łatwe do odgadnięcia'],
    ['Kolorowy-Rower-Nad-Wisłą', 'jan.kowalski@kancelaria.pl', 'Siła hasła: bardzo dobre'],
  ])('rates %s (account %s) once the estimator has loaded: %s', async (password, email, text) => {
    const { container } = renderMeter(password, { email });
    expect(await screen.findByText(text)).toBe(liveRegion(container));
    expect(liveRegion(container)).toHaveAttribute('aria-atomic', 'true');
    // The bar repeats the words for sighted users and is hidden from screen readers.
    expect(container.querySelector('[aria-hidden="true"]')?.children).toHaveLength(5);
  });

  it('speaks English on English pages', async () => {
    renderMeter('password', { language: 'en' });
    expect(await screen.findByText('Password strength: very weak, easy to guess')).toBeInTheDocument();
  });
});
