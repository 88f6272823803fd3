import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../src/modules/app/config.ts';

/**
 * The API bundled as `npm run build` bundles it (build.mjs), for the tests that start the server
 * or the CLI in a process of their own, as `npm start` runs it: node loads one file instead of
 * compiling every source through tsx, which took over twice the CPU per process and, with tsx's
 * cache cold as on a fresh CI machine, minutes on a busy one (the server tests ran into their
 * limits there). Bundled once per test process into a folder of its own under apps/api, never
 * into dist: its imports resolve from apps/api/node_modules and it finds the package root as dist
 * does.
 */
let bundle: Promise<string> | undefined;

function bundleOnce(): Promise<string> {
  bundle ??= new Promise((resolve, reject) => {
    const dir = path.join(apiRoot, 'node_modules', '.cache', `test-bundle-${randomBytes(6).toString('hex')}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    execFile(
      process.execPath,
      [path.join(apiRoot, 'build.mjs'), dir],
      { cwd: apiRoot },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`bundling the API failed: ${stderr}`)) : resolve(dir),
    );
  });
  return bundle;
}

/** The bundled entry of `src/<name>.ts` (`server`, `cli/create-admin`), built on first use. */
export async function bundledEntry(name: 'server' | 'cli/create-admin'): Promise<string> {
  return path.join(await bundleOnce(), `${name}.js`);
}
