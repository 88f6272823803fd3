import { readFileSync, rmSync } from 'node:fs';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));

// Installed packages stay external and load from node_modules; the shared workspace package is
// TypeScript source, so it is bundled.
const bundled = new Set(['@substytut/shared']);
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.has(name));

const cliDir = path.join(here, 'src', 'cli');
const cliEntries = existsSync(cliDir)
  ? readdirSync(cliDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join('src', 'cli', f))
  : [];

// `node build.mjs [outdir]`: dist by default; the tests that start the server or the CLI in a
// process of their own bundle into a folder of their own (test/bundled-api.ts).
const outdir = path.resolve(here, process.argv[2] ?? 'dist');
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts', ...cliEntries],
  outdir,
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS code may call require(); ESM output has no require of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
