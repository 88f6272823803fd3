// @vitest-environment node
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classTokens } from '../../scripts/class-tokens.mjs';
import { cn } from './cn';
import { tailwindMergeConfig } from './tailwind-merge-config';

/**
 * `cn` runs tailwind-merge with the app's own configuration (decision 061). It must merge the app's
 * class names exactly as the library's default configuration does: every ordered pair of the class
 * names the sources use (so every override a component's caller makes, `cn(base, className)`), and
 * every class name is known to it. When one fails, a class of a new kind was added: run
 * `node apps/web/scripts/tailwind-merge-config.mjs`.
 */
describe('cn (decision 061)', () => {
  const tokens = classTokens();

  it('finds the class names of the sources', () => {
    expect(tokens.length).toBeGreaterThan(500);
    expect(tokens).toEqual(
      expect.arrayContaining(['px-4', 'hover:bg-muted', 'bg-accent/15', '[&_svg]:size-4']),
    );
  });

  it('knows every class name the sources use', () => {
    const unknown = tokens.filter((token) => cn(token, token) !== token);
    expect(unknown).toEqual([]);
  });

  it('merges every ordered pair of the class names with the same variants as twMerge does', () => {
    // Classes with different variants (or `!`) never conflict, and how a class is parsed does not
    // depend on the configuration: only pairs with the same variants can differ. No caches.
    const variants = new Map<string, string[]>();
    const byVariants = createTailwindMerge(() => ({
      ...getDefaultConfig(),
      experimentalParseClassName: ({ className, parseClassName }) => {
        const parsed = parseClassName(className);
        variants.set(className, [...parsed.modifiers.toSorted(), parsed.hasImportantModifier ? '!' : '']);
        return parsed;
      },
    }));
    const sets = new Map<string, string[]>();
    for (const token of tokens) {
      byVariants(token);
      const key = JSON.stringify(variants.get(token));
      sets.set(key, [...(sets.get(key) ?? []), token]);
    }
    const ours = createTailwindMerge(() => ({ ...tailwindMergeConfig(), cacheSize: 0 }));
    const theirs = createTailwindMerge(() => ({ ...getDefaultConfig(), cacheSize: 0 }));
    const differ: string[] = [];
    let pairs = 0;
    for (const set of sets.values())
      for (const first of set)
        for (const second of set) {
          const pair = `${first} ${second}`;
          pairs += 1;
          if (ours(pair) !== theirs(pair)) differ.push(pair);
        }
    expect(differ).toEqual([]);
    expect(pairs).toBeGreaterThan(100_000);
  });

  it('keeps what an override means: the later class of a group wins, others stay', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4')).toBe('py-1 bg-primary px-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm font-medium', 'text-lg', false, 'some-own-class')).toBe(
      'font-medium text-lg some-own-class',
    );
    expect(cn('hover:bg-muted bg-card', 'hover:bg-accent')).toBe('bg-card hover:bg-accent');
    expect(cn('-mt-2', 'mt-4')).toBe(twMerge('-mt-2 mt-4'));
  });
});
