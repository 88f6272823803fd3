import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prefersEnglish, withSandboxFlag } from './web-app.ts';
import { inlineScriptHashes } from './security.ts';

// Serving the build itself is tested in web-framework.test.ts.

const themeScript =
  "document.documentElement.dataset.theme = localStorage.getItem('substytut-theme') || 'system';";
const shell = `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/index-abc123.js"></script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><div id="root">SHELL</div></body></html>`;

describe('prefersEnglish', () => {
  it('takes the first of Polish and English by weight and order, Polish when neither is named', () => {
    expect(prefersEnglish('en-GB,en;q=0.9,pl;q=0.8')).toBe(true);
    expect(prefersEnglish('de-DE,de;q=0.9,en;q=0.8,pl;q=0.7')).toBe(true);
    expect(prefersEnglish('pl-PL,pl;q=0.9,en-US;q=0.8')).toBe(false);
    expect(prefersEnglish('pl;q=0.5,en;q=0.8')).toBe(true);
    expect(prefersEnglish('en;q=0,pl')).toBe(false);
    expect(prefersEnglish('de,fr')).toBe(false);
    expect(prefersEnglish(undefined)).toBe(false);
  });
});

describe('withSandboxFlag', () => {
  it('marks the html element, whatever its attributes, and nothing else', () => {
    expect(withSandboxFlag('<!doctype html><html lang="pl"><head></head></html>')).toBe(
      '<!doctype html><html lang="pl" data-sandbox><head></head></html>',
    );
    expect(withSandboxFlag('<!doctype html><html><body><p>html</p></body></html>')).toBe(
      '<!doctype html><html data-sandbox><body><p>html</p></body></html>',
    );
    expect(withSandboxFlag('<!doctype html><htmlx>')).toBe('<!doctype html><htmlx>');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes only executable inline scripts', () => {
    expect(inlineScriptHashes(shell)).toEqual([
      `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`,
    ]);
    expect(inlineScriptHashes('<script type="module">a()</script><script src="x.js"></script>')).toHaveLength(
      1,
    );
  });
});
