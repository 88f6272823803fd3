import { describe, expect, it } from 'vitest';
// @ts-expect-error The prerender script is plain JavaScript run by Node after the build.
import { lowerScriptPriority, preloadDynamicEntry } from '../scripts/prerender.mjs';

const lower = lowerScriptPriority as (html: string) => string;
const preload = preloadDynamicEntry as (html: string, manifest: object, source: string) => string;

describe('preloadDynamicEntry', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', dynamicImports: ['src/app/start-app.tsx'] },
    'src/app/start-app.tsx': { file: 'assets/start-app-b.js', imports: ['_framework.js', '_cn.js'] },
    '_framework.js': { file: 'assets/framework-c.js' },
    '_cn.js': { file: 'assets/cn-d.js', imports: ['_framework.js'] },
    'src/features/admin/admin.tsx': { file: 'assets/admin-e.js', imports: ['_framework.js'] },
  };

  it("preloads the app's chunk and everything it imports, once each, but nothing else", () => {
    const html = [
      '<head>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/cn-d.js">',
      '</head>',
    ].join('\n');
    const out = preload(html, manifest, 'src/app/start-app.tsx');
    const preloaded = [...out.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.sort()).toEqual(['/assets/cn-d.js', '/assets/framework-c.js', '/assets/start-app-b.js']);
    expect(out.indexOf('start-app-b.js')).toBeLessThan(out.indexOf('</head>'));
  });

  it('fails the build when the chunk is missing from the manifest', () => {
    expect(() => preload('<head></head>', manifest, 'src/app/missing.tsx')).toThrow(/no chunk/);
  });
});

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
