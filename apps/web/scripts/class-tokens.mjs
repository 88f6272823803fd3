/**
 * Every Tailwind class name the web app's sources name (issue 33, decision 061): the words of the
 * string literals in apps/web/src (tests left out) that tailwind-merge's default configuration
 * takes for a class. Used by scripts/tailwind-merge-config.mjs (which writes the app's own, smaller
 * tailwind-merge configuration) and by src/lib/cn.test.ts (which proves it merges every pair of
 * these names as the default configuration does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Not the tests, nor the configuration written from these names.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^tailwind-merge-config\.ts$/.test(entry.name)
      ? [full]
      : [];
  });
}

/** Sorted, each once. */
export function classTokens(dir = SRC) {
  const words = new Set();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    // Quoted on one line, and template literals over several lines.
    const literals = [...text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g), ...text.matchAll(/`([^`]*)`/g)];
    for (const match of literals)
      for (const word of match[match.length - 1].split(/\s+/))
        if (word && !word.includes('${')) words.add(word);
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}
