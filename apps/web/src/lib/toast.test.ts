import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

it('imports react-toastify only through src/lib/toast.ts (one toast queue, no injected styles)', () => {
  const offenders = files(srcDir)
    .filter((f) => !f.endsWith(path.join('lib', 'toast.ts')) && !f.endsWith('.test.ts'))
    .filter((f) => /from ['"]react-toastify(\/[^'"]*)?['"]/.test(readFileSync(f, 'utf8')))
    .map((f) => path.relative(srcDir, f));
  expect(offenders).toEqual([]);
});
