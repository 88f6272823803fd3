import { describe, expect, it } from 'vitest';
// @ts-expect-error The prerender script is plain JavaScript run by Node after the build.
import { lowerScriptPriority } from '../scripts/prerender.mjs';

const lower = lowerScriptPriority as (html: string) => string;

describe('lowerScriptPriority', () => {
  it('asks for the entry script and its preloads at low priority', () => {
    const html = [
      '<link rel="modulepreload" crossorigin href="/assets/framework-a.js">',
      '<script type="module" crossorigin src="/assets/index-b.js"></script>',
    ].join('\n');
    expect(lower(html)).toBe(
      [
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework-a.js">',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-b.js"></script>',
      ].join('\n'),
    );
  });

  it('leaves stylesheets, inline scripts and a priority already chosen alone', () => {
    const html = [
      '<link rel="stylesheet" href="/assets/index.css">',
      "<script>document.documentElement.classList.toggle('dark', false)</script>",
      '<script type="application/ld+json">{}</script>',
      '<script type="module" fetchpriority="high" src="/assets/index-b.js"></script>',
    ].join('\n');
    expect(lower(html)).toBe(html);
  });
});
