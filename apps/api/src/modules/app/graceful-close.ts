import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
/** The latest answer of a connection, kept on its socket (a property, no listener per request). */
const latestResponse = Symbol('latest response');
type TrackedSocket = Socket & { [latestResponse]?: ServerResponse };

export function trackConnectionsForShutdown(server: Server): ConnectionDrain {
  let draining = false;
  // Tracked per connection rather than per request: a keep-alive connection carries many requests,
  // and a listener per request showed in bench/api's profiles (decision 057).
  const sockets = new Set<TrackedSocket>();

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

  server.on('connection', (socket: TrackedSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response: ServerResponse) => {
    if (draining) {
      endAfterAnswer(response);
      return;
    }
    (request.socket as TrackedSocket)[latestResponse] = response;
  });

  return {
    start() {
      if (draining) return;
      draining = true;
      for (const socket of sockets) {
        const response = socket[latestResponse];
        socket[latestResponse] = undefined;
        if (response && !response.writableFinished) endAfterAnswer(response);
      }
      sockets.clear();
    },
  };
}
