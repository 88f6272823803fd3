import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/modules/app/config.ts';
import { bundledEntry } from './bundled-api.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let entry = '';
beforeAll(async () => {
  entry = await bundledEntry('server');
}, 120_000);

/** Runs the bundled server in its own process, as `npm start` does. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = stdout.split('\n').find((l) => l.includes('"msg":"ready"'));
      if (line) resolve((JSON.parse(line) as { address: string }).address);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  // A server that is expected to fail never becomes ready; that rejection is not an error here.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

describe('server process', () => {
  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain('Invalid environment: PORT:');
  }, 240_000);

  it('serves on loopback without HOST, then shuts down cleanly on SIGTERM', async () => {
    const server = startServer({ WEB_BUILD_DIR: path.join(dataDir, 'no-web') });
    const address = await server.ready;
    expect(new URL(address).hostname).toBe('127.0.0.1');
    expect(server.output().stdout).not.toContain('reachable from other machines');
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('"msg":"shutting down"');
    // A fresh PGlite data folder, migrations and the demo seed: about 11 CPU seconds, a minute or
    // more beside the rest of `npm test`.
  }, 240_000);

  it('says in one warning line that a HOST open to other machines meets sandbox adapters', async () => {
    const server = startServer({ WEB_BUILD_DIR: path.join(dataDir, 'no-web'), HOST: '0.0.0.0' });
    await server.ready;
    await expect.poll(() => server.output().stdout).toContain('reachable from other machines');
    const warnings = server
      .output()
      .stdout.split('\n')
      .filter((line) => line.includes('reachable from other machines'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^HOST=0\.0\.0\.0 /),
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
