import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'rejestradwokatow');

export function registerFixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

/**
 * A local stand-in for rejestradwokatow.pl's search on 127.0.0.1: answers /adwokat/wyszukaj with
 * the recorded (reconstructed) page registered for the asked entry number, the empty result page
 * otherwise. It counts requests, and can hang (a register that times out) or fail.
 */
export interface FakeRegister {
  url: string;
  /** entry number (as asked) → fixture file name */
  pages: Map<string, string>;
  /** issue 30: an entry's own page (its contacts): path such as /adwokat/anna-nowak-90002 → fixture file name */
  entryPages: Map<string, string>;
  requests: { path: string; at: number }[];
  /** true: accept requests and never answer */
  hang: boolean;
  /** an HTTP status to answer every request with instead of a page */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeRegister(): Promise<FakeRegister> {
  const fake: Omit<FakeRegister, 'url' | 'close'> = {
    pages: new Map(),
    entryPages: new Map(),
    requests: [],
    hang: false,
    failWith: null,
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
    if (fake.hang) return;
    if (fake.failWith) {
      response.writeHead(fake.failWith, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Błąd</h1>');
      return;
    }
    const entryPage = fake.entryPages.get(url.pathname);
    if (entryPage) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(registerFixture(entryPage));
      return;
    }
    if (url.pathname !== '/adwokat/wyszukaj') {
      response.writeHead(404).end();
      return;
    }
    const file = fake.pages.get(url.searchParams.get('numer_wpisu') ?? '') ?? 'search-empty.html';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(registerFixture(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeRegister;
}
