import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createEventStreams } from './event-streams.ts';
import { createLiveBus } from './live.ts';

/** What a stream is written, and whether it was ended. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const response = Object.assign(emitter, {
    text: '',
    ended: false,
    write(chunk: string) {
      response.text += chunk;
      return true;
    },
    end() {
      response.ended = true;
      emitter.emit('close');
    },
  });
  return response;
}

describe('event streams', () => {
  it('send every change as a board-changed event, a heartbeat comment, and end on close', async () => {
    // No listen: the bus stays in this process (what a database made by hand gives).
    const live = createLiveBus({} as Db, undefined);
    const streams = createEventStreams(live, 20);
    const a = fakeResponse();
    const b = fakeResponse();
    streams.add(a as unknown as ServerResponse);
    streams.add(b as unknown as ServerResponse);
    await live.publish({ requestId: 'r-1', state: 'open' });
    for (const r of [a, b])
      expect(r.text).toContain('event: board-changed\ndata: {"requestId":"r-1","state":"open"}\n\n');
    await expect.poll(() => a.text).toContain(': heartbeat\n\n');
    b.emit('close');
    expect(streams.size).toBe(1);
    streams.closeAll();
    expect(a.ended).toBe(true);
    expect(streams.size).toBe(0);
    await expect(live.publish({ requestId: 'r-2', state: 'open' })).resolves.toBeUndefined();
    expect(a.text).not.toContain('r-2');
  });
});
