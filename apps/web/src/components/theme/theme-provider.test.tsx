import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { ThemeProvider, useTheme } from './theme-provider';

/** A working MediaQueryList: `setDark` changes the answer and notifies listeners, like an OS switch. */
function installMatchMedia(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.delete(fn),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    setDark(value: boolean) {
      dark = value;
      act(() => {
        for (const fn of listeners) fn({ matches: value } as MediaQueryListEvent);
      });
    },
    listenerCount: () => listeners.size,
  };
}

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p data-testid="theme">{theme}</p>
      <p data-testid="resolved">{resolvedTheme}</p>
      <button onClick={() => setTheme('light')}>light</button>
      <button onClick={() => setTheme('system')}>system</button>
    </div>
  );
}

const root = () => document.documentElement;

describe('ThemeProvider', () => {
  beforeEach(() => {
    root().className = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('defaults to system and follows the OS preference', () => {
    installMatchMedia(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('system');
    expect(screen.getByTestId('resolved')).toHaveTextContent('dark');
    expect(root()).toHaveClass('dark');
  });

  it('restores the stored choice over the OS preference', () => {
    installMatchMedia(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('light');
    expect(root()).not.toHaveClass('dark');
    expect(root().style.colorScheme).toBe('light');
  });

  it('ignores a corrupt stored value', () => {
    installMatchMedia(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('system');
  });

  it('follows live OS changes in system mode, not after an explicit choice', () => {
    const media = installMatchMedia(false);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(root()).not.toHaveClass('dark');

    media.setDark(true);
    expect(root()).toHaveClass('dark');
    expect(screen.getByTestId('resolved')).toHaveTextContent('dark');

    act(() => screen.getByText('light').click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root()).not.toHaveClass('dark');
    media.setDark(true);
    expect(root()).not.toHaveClass('dark');

    act(() => screen.getByText('system').click());
    expect(root()).toHaveClass('dark');
    media.setDark(false);
    expect(root()).not.toHaveClass('dark');
  });

  it('stops listening when unmounted', () => {
    const media = installMatchMedia(false);
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(media.listenerCount()).toBe(1);
    unmount();
    expect(media.listenerCount()).toBe(0);
  });
});
