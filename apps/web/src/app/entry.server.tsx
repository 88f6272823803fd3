import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';
import { loadContext } from './load-context';
import { StylesheetTextContext } from '@/lib/inline-stylesheet';
import { NonceContext } from '@/lib/nonce';
import stylesheetText from '@/styles/index.css?inline';

// The server renders in one pass: every translation is at hand (the browser fetches them per page).
provideAllResources(resources);

/** The API's server builds its request handler with the build's own copy of React Router. */
export { createRequestHandler } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Renders a document request (decision 016). The whole page is sent once it is ready: its data
 * comes from loaders that ran before rendering, so waiting for every boundary costs nothing and
 * crawlers and link previews always get the complete page.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: unknown,
): Promise<Response> {
  const { nonce } = loadContext(context);
  return new Promise((resolve, reject) => {
    let statusCode = responseStatusCode;
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <StylesheetTextContext value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetTextContext>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          ready = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          statusCode = 500;
          if (ready) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
