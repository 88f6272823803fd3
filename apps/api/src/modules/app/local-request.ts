import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from './config.ts';

/** Every client address a proxy put in X-Forwarded-For, X-Real-IP or Forwarded, ports dropped. */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string) => [request.headers[name] ?? []].flat().join(',');
  const addresses = [
    ...header('x-forwarded-for').split(','),
    ...header('x-real-ip').split(','),
    ...[...header('forwarded').matchAll(/for\s*=\s*"?([^;,"]*)/gi)].map((m) => m[1] ?? ''),
  ]
    .map((value) => value.trim())
    .filter((value) => value !== '');
  // "1.2.3.4:5678" and "[::1]:80" carry a port; a bare IPv6 address has several colons and none.
  return addresses.map((value) =>
    value.startsWith('[') ? value.slice(1, value.indexOf(']')) : value.replace(/^([\d.]+):\d+$/, '$1'),
  );
}

/**
 * Whether a request was sent from this machine: the socket's peer is loopback, so is the address
 * Fastify settled on (request.ip, from X-Forwarded-For when TRUST_PROXY is on), and so is every
 * address a proxy forwarded. A reverse proxy on the same host makes every socket loopback, and
 * the forwarded chain then names the real client whatever TRUST_PROXY says; an address a client
 * wrote into X-Forwarded-For itself can only make the answer "no".
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    forwardedAddresses(request).every(isLoopbackAddress)
  );
}

/**
 * A hook for the sandbox's conveniences (local mailbox, sandbox Google sign-in): anyone else gets
 * the app's ordinary 404, so the feature is not even revealed.
 */
export async function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply) {
  if (!isFromThisMachine(request)) return reply.callNotFound();
}
