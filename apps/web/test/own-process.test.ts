// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OWN_PROCESS_FILES } from '../vitest.config.ts';

/*
 * The web's files share a process and its jsdom per worker (decision 059), except
 * OWN_PROCESS_FILES: a file that replaces a module for the whole file would be handed the module
 * already loaded by an earlier file, or leave its mock to the next one, so each such file keeps a
 * process of its own (the `apps/web-own-process` project).
 */
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const ownFile = 'test/own-process.test.ts';
const mocks = /\bvi\.(mock|doMock|unmock|doUnmock)\(/;

/** Every web test file, relative to apps/web. */
const testFiles = ['src', 'test', 'legal'].flatMap((dir) =>
  readdirSync(`${webRoot}${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.split('\\').join('/')}`),
);

describe('web files that keep a process of their own', () => {
  it('are exactly the files that mock a module', () => {
    const mocking = testFiles.filter(
      (file) => file !== ownFile && mocks.test(readFileSync(`${webRoot}${file}`, 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...OWN_PROCESS_FILES].sort());
  });

  it('would refuse a file that mocks a module', () => {
    expect(mocks.test("vi.mock('react-router', async () => ({}));")).toBe(true);
    expect(mocks.test('vi.doMock(`./x`);')).toBe(true);
  });
});
