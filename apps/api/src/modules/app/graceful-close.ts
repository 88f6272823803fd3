import type { Server, ServerResponse } from 'node:http';

export interface ConnectionDrain {
  /** From now on every answer, including those of requests already running, ends its connection. */
  start(): void;
}

/**
 * For a graceful shutdown. Closing the listener ends only idle keep-alive connections; one whose
 * request is still running stays open after its answer, and the server's close() (so the whole
 * shutdown) then waits for the keep-alive timeout, 72 s in Fastify, instead of for the request.
 * Answering those requests with `Connection: close` ends each connection as soon as its answer is
 * out, and tells the client not to send anything more on it.
 */
export function trackConnectionsForShutdown(server: Server): ConnectionDrain {
  let draining = false;
  const inFlight = new Set<ServerResponse>();

  const endAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) {
      response.setHeader('connection', 'close');
      return;
    }
    // Headers already out (a streamed body): close the connection once it turns idle.
    const closeIdle = () => setImmediate(() => server.closeIdleConnections());
    if (response.writableFinished) closeIdle();
    else response.once('finish', closeIdle);
  };

  server.on('request', (_request, response: ServerResponse) => {
    if (draining) {
      endAfterAnswer(response);
      return;
    }
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  return {
    start() {
      if (draining) return;
      draining = true;
      for (const response of inFlight) endAfterAnswer(response);
      inFlight.clear();
    },
  };
}
