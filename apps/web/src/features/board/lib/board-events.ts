import { boardChangedEventSchema, type BoardChangedEvent } from '@substytut/shared/contract/board';
import { API_BASE, authHeaders } from '@/lib/api-client';

/** Waits before reconnecting after the stream ended or failed, doubling up to the last. */
const RECONNECT_MS = [1_000, 2_000, 5_000, 15_000, 30_000] as const;

export const BOARD_EVENTS_PATH = `${API_BASE}/board/events`;

/**
 * One server-sent event block ("event: …\ndata: …"), or null for a comment (the heartbeat) or
 * another event's block.
 */
export function parseBoardEvent(block: string): BoardChangedEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (name !== 'board-changed' || data.length === 0) return null;
  try {
    const parsed = boardChangedEventSchema.safeParse(JSON.parse(data.join('\n')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Listens to GET /api/board/events (server-sent events, `board-changed`) and calls `onChange` for
 * each event; reconnects when the stream ends. The stream is read with fetch rather than the
 * browser's EventSource, because the API authenticates with the bearer token in a header, which
 * EventSource cannot send (decision 042). Returns the function that stops listening.
 */
export function listenToBoard(onChange: (event: BoardChangedEvent) => void, onOpen?: () => void): () => void {
  const controller = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    try {
      const response = await fetch(BOARD_EVENTS_PATH, {
        headers: { ...authHeaders('GET'), Accept: 'text/event-stream' },
        credentials: 'include',
        signal: controller.signal,
      });
      // Signed out or not allowed: asking again would not change the answer.
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`board events: ${response.status}`);
      attempt = 0;
      onOpen?.();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split(/\r?\n\r?\n/);
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = parseBoardEvent(block);
          if (event) onChange(event);
        }
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (controller.signal.aborted) return;
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void connect(), wait);
  };

  void connect();
  return () => {
    controller.abort();
    if (timer !== undefined) clearTimeout(timer);
  };
}
