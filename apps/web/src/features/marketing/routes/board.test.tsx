import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';

describe('/board, the board explained', () => {
  it('says there is no public board and how posting, the conflict check and alerts work (pl)', async () => {
    renderApp('/pl/board');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Zastępca na jutrzejszą rozprawę – zweryfikowany i opłacony w kilka minut',
      }),
    ).toBeInTheDocument();
    const confidential = screen.getByRole('region', { name: 'Bez publicznej tablicy' });
    expect(confidential).toHaveTextContent('Na tablicy nie pokazujemy sygnatury ani stron');
    expect(screen.getByRole('heading', { name: 'Sprawdzenie konfliktu interesów' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Powiadomienia dla zastępców' })).toHaveTextContent(
      'Godziny ciszy w nocy – pilne zlecenia i tak dotrą',
    );
    expect(
      screen
        .getAllByRole('link', { name: 'Dla prawników' })
        .some((a) => a.getAttribute('href') === '/pl/for-lawyers'),
    ).toBe(true);
  });

  it('is linked from the footer and from the for-lawyers page (en)', async () => {
    renderApp('/en/for-lawyers');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Substitution board' })).toHaveAttribute(
      'href',
      '/en/board',
    );
    expect(screen.getAllByRole('link', { name: 'How the substitution board works' })[0]).toHaveAttribute(
      'href',
      '/en/board',
    );
  });
});
