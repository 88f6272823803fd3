import rateLimitPlugin, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { tooMany } from './errors.ts';

/** How often an instance deletes the counts of windows that ended (on a sync after that). */
const SWEEP_INTERVAL_MS = 60 * 1000;
/** At most one warning this often while the database does not take the counts. */
const WARNING_INTERVAL_MS = 10 * 1000;
/** How often an instance forgets the clients whose window ended. */
const TRIM_INTERVAL_MS = 1000;
/** Clients sent in one statement at most (close() may send a minute's one-off clients). */
const BATCH_MAX = 2000;

/**
 * How many hits of one client on one route an instance counts before the shared count has seen
 * them. A request that would go past this waits for the next sync and is then decided on the
 * fresh count. With n instances a client gets at most its limit plus (n − 1) × this per window
 * (decision 031).
 */
export const UNSEEN_ALLOWANCE = 1;

type CountCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What the plugin hands `child()`: the route's merged limit options (typed as route options). */
interface ChildOptions {
  routeInfo?: { method?: unknown; url?: unknown };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The clients of one route, by key: a map per route, so a hit looks its client up by the key as it is. */
interface Route {
  name: string;
  entries: Map<string, Entry>;
  /**
   * The clients whose only hit in their window is their first one on this instance (never sent,
   * nothing under way, nobody waiting): the end of that window, nothing more. Most clients of a
   * limited route come once (a NIP lookup), and a minute of them is kept for their window: an
   * entry object each made the garbage collector's work grow with the request rate (bench/api,
   * decision 076). A client that comes back becomes an entry holding that first hit. In the
   * order the windows began (a map keeps the order of insertion), so the ended ones are at the front.
   */
  firsts: Map<string, number>;
  /** the route's window length, as its latest request gave it */
  windowMs: number;
}

/** One client on one route, as this instance knows it. */
interface Entry {
  route: Route;
  key: string;
  windowMs: number;
  /** the shared count at the last sync: every instance's hits the database had then */
  shared: number;
  /** hits counted here since, not sent yet */
  pending: number;
  /** hits in the sync under way */
  sending: number;
  /**
   * when the window ends, in whole milliseconds of this process's monotonic clock (the database's
   * window once synced)
   */
  windowEnd: number;
  /** whether the database has this window's count (a sync answered for it) */
  synced: boolean;
  /** the window's remaining length sent with the hits under way */
  sendingMs: number;
  /** requests waiting for the next sync before they are decided (none: most clients never wait) */
  waiting?: { max: number; callback: CountCallback }[];
}

interface SyncedRow {
  /** the entry's place in the batch sent */
  i: number;
  hits: number;
  ttl: number;
}

/** What the app needs of the shared counts: to sync now (tests) and to stop (on close). */
export interface SharedCounts {
  flush(): Promise<void>;
  close(): Promise<void>;
  /** How many clients this instance holds: only a first hit's window end, or a whole entry (tests). */
  held(): { firsts: number; entries: number };
}

const sharedCountsOf = new WeakMap<FastifyInstance, SharedCounts>();

/** Sends this instance's counts to the database now and waits for the answer (no-op on memory). */
export async function flushRateLimits(app: FastifyInstance): Promise<void> {
  await sharedCountsOf.get(app)?.flush();
}

/** How many clients the app's shared counts hold, and how (tests; undefined on the memory store). */
export function heldRateLimitClients(app: FastifyInstance): { firsts: number; entries: number } | undefined {
  return sharedCountsOf.get(app)?.held();
}

/**
 * Counts for @fastify/rate-limit shared by every instance on the database, without a database
 * round trip per request: each instance counts locally and, every `syncMs`, sends the hits of
 * every client it saw in one statement (INSERT … ON CONFLICT … RETURNING, one row per route and
 * client) that adds them to the shared fixed window and answers each window's total, which
 * includes the other instances' hits. A request is decided at once on the shared total plus the
 * local hits not yet sent, as long as at most UNSEEN_ALLOWANCE of those are admitted hits; past
 * that it waits for the sync. The window is the database's (its clock, its remaining time).
 */
export function createSharedCounts(
  db: Db,
  log: FastifyBaseLogger,
  syncMs: number,
): { store: FastifyRateLimitStoreCtor; counts: SharedCounts } {
  const routes = new Map<string, Route>();
  const routeNamed = (name: string): Route => {
    let route = routes.get(name);
    if (!route) routes.set(name, (route = { name, entries: new Map(), firsts: new Map(), windowMs: 0 }));
    return route;
  };
  /** Whether the entry is still its client's current one on its route (not replaced by a later window). */
  const isCurrent = (entry: Entry) => entry.route.entries.get(entry.key) === entry;
  /**
   * The entries in the order their windows began, one queue per window length: the ones whose
   * window may have ended are at the front, so forgetting them never walks the clients still in
   * their window (a minute's one-off clients of a busy route are a few hundred thousand).
   */
  const byWindowStart = new Map<number, { queue: Entry[]; head: number }>();
  /**
   * The store's clock: whole milliseconds of the process's monotonic clock, as the plugin's own
   * store counts in whole milliseconds of Date.now(). A window's end is then a small integer, which
   * a map holds without a heap number per client.
   */
  const clock = () => Math.floor(performance.now());
  const touched = new Set<Entry>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let lastSweep = 0;
  let lastTrim = 0;
  let lastWarning = 0;
  let closed = false;

  const ttlOf = (entry: Entry, now: number) => Math.max(0, Math.floor(entry.windowEnd - now));

  function schedule(): void {
    // After close() nothing waits for a timer: what comes in (a request still finishing) is sent now.
    if (closed) {
      if (!syncing) void sync();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void sync();
    }, syncMs);
    // A pending sync never keeps the process alive; close() sends what is left.
    timer.unref();
  }

  function count(entry: Entry, max: number, callback: CountCallback, now: number): void {
    const known = entry.shared + entry.pending + entry.sending;
    // Past the limit (counts only grow within a window) or within the allowance: decided now.
    if (known >= max || entry.pending + entry.sending < UNSEEN_ALLOWANCE) {
      entry.pending += 1;
      // A client's first hit in a window stays here until the client comes back (its next hit
      // waits for the sync that sends both) or the instance closes: it is the unseen allowance,
      // which the margin already counts however long it stays unseen, and most clients of a
      // limited route (a NIP lookup, a sign-in) never come back within the window (decision 057).
      if (entry.synced || entry.pending > 1 || entry.sending > 0) {
        touched.add(entry);
        schedule();
      }
      callback(null, { current: known + 1, ttl: ttlOf(entry, now) });
      return;
    }
    (entry.waiting ??= []).push({ max, callback });
    if (entry.pending > 0) {
      touched.add(entry);
      schedule();
    }
  }

  /** A new entry for a client on a route, queued to be forgotten when its window ends. */
  function newEntry(route: Route, key: string, windowMs: number, windowEnd: number): Entry {
    const entry: Entry = {
      route,
      key,
      windowMs,
      shared: 0,
      pending: 0,
      sending: 0,
      windowEnd,
      synced: false,
      sendingMs: windowMs,
    };
    route.entries.set(key, entry);
    let line = byWindowStart.get(windowMs);
    if (!line) byWindowStart.set(windowMs, (line = { queue: [], head: 0 }));
    line.queue.push(entry);
    return entry;
  }

  /** A client that came back within its window: an entry holding its first hit, not yet sent. */
  function comeBack(route: Route, key: string, windowMs: number, windowEnd: number): Entry {
    route.firsts.delete(key);
    const entry = newEntry(route, key, windowMs, windowEnd);
    entry.pending = 1;
    return entry;
  }

  function incr(route: Route, key: string, windowMs: number, max: number, callback: CountCallback): void {
    const now = clock();
    trim(now);
    route.windowMs = windowMs;
    let entry = route.entries.get(key);
    if (!entry || entry.windowEnd <= now) {
      const firstEnd = route.firsts.get(key);
      if (firstEnd !== undefined && firstEnd > now) {
        entry = comeBack(route, key, windowMs, firstEnd);
      } else {
        // A new window: what this instance had of the old one is dropped (the database starts its
        // own new window on the next sync). Its first hit is decided at once (nothing else is
        // known of the client here: within the unseen allowance) and stays here (decision 057).
        if (entry) route.entries.delete(key);
        // At the back: the map stays in the order the windows began.
        if (firstEnd !== undefined) route.firsts.delete(key);
        route.firsts.set(key, now + windowMs);
        callback(null, { current: 1, ttl: windowMs });
        return;
      }
    }
    count(entry, max, callback, now);
  }

  /** Decides the waiting requests again (on the entry now current for their client). */
  function release(entry: Entry): void {
    const waiting = entry.waiting;
    if (!waiting) return;
    entry.waiting = undefined;
    for (const { max, callback } of waiting) incr(entry.route, entry.key, entry.windowMs, max, callback);
  }

  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    // A window that ended counts from zero on its next hit anyway; this only drops the rows of
    // clients that never came back.
    await db
      .delete(rateLimitCounters)
      .where(lte(rateLimitCounters.windowEnd, sql`now()`))
      .catch((err: unknown) => log.warn({ err }, 'rate limit: ended windows not swept'));
  }

  /**
   * Forgets the clients whose window ended and that have nothing under way or to decide; a hit
   * not sent belongs to the window that ended and is dropped with it. Only the front of each queue
   * is looked at: it stops at the first client still in its window (a synced window may end a sync
   * later than its place in the queue says, which only keeps the clients behind it that long).
   */
  function trim(now: number): void {
    if (now - lastTrim < TRIM_INTERVAL_MS) return;
    lastTrim = now;
    for (const line of byWindowStart.values()) {
      const { queue } = line;
      // Each entry is looked at once per trim: one kept for what it has under way goes to the back.
      for (let left = queue.length - line.head; left > 0; left -= 1) {
        const entry = queue[line.head]!;
        if (!isCurrent(entry)) {
          line.head += 1; // replaced by its client's next window, which has its own place
          continue;
        }
        if (entry.windowEnd > now) break;
        line.head += 1;
        if (entry.sending === 0 && !entry.waiting && !touched.has(entry)) entry.route.entries.delete(entry.key);
        else queue.push(entry);
      }
      if (line.head > 1024 && line.head * 2 > queue.length) {
        queue.splice(0, line.head);
        line.head = 0;
      }
    }
    // The first hits whose window is over, from the front of each route's map.
    for (const route of routes.values()) {
      for (const [key, windowEnd] of route.firsts) {
        if (windowEnd > now) break;
        route.firsts.delete(key);
      }
    }
  }

  async function send(batch: Entry[]): Promise<void> {
    // One parameter whatever the batch's size: the statement's text never changes, and building it
    // costs nothing per client.
    const hits = JSON.stringify(
      batch.map((entry, i) => ({
        i,
        route: entry.route.name,
        key: entry.key,
        hits: entry.sending,
        ms: entry.sendingMs,
      })),
    );
    const sentAt = clock();
    // Answers only the windows this instance does not know already: those another instance counted
    // in, or that this statement did not start. The others hold just the hits sent.
    const rows = rowsOf<SyncedRow>(
      await db.execute(sql`
        with sent as (
          select * from jsonb_to_recordset(${hits}::jsonb)
            as sent(i integer, route text, key text, hits integer, ms integer)
        ), counted as (
          insert into rate_limit_counters as counter (route, key, hits, window_start, window_end)
          select route, key, hits, now(), now() + ms * interval '1 millisecond' from sent
          on conflict (route, key) do update set
            -- every expression here sees the row as it was before this statement
            hits = case when counter.window_end <= now() then excluded.hits else counter.hits + excluded.hits end,
            window_start = case when counter.window_end <= now() then excluded.window_start else counter.window_start end,
            window_end = case when counter.window_end <= now() then excluded.window_end else counter.window_end end
          returning route, key, hits, window_start, window_end
        )
        select sent.i, counted.hits,
          greatest(0, ceil(extract(epoch from counted.window_end - now()) * 1000))::integer as ttl
        from counted join sent using (route, key)
        where counted.hits <> sent.hits or counted.window_start <> now()`),
    );
    for (const entry of batch) {
      // A window this statement started (no later than now) with only these hits in it.
      entry.shared = entry.sending;
      entry.sending = 0;
      entry.synced = true;
      entry.windowEnd = sentAt + entry.sendingMs;
    }
    const now = clock();
    for (const row of rows) {
      const entry = batch[row.i];
      if (!entry) continue;
      entry.shared = row.hits;
      entry.windowEnd = now + row.ttl;
    }
  }

  async function syncOnce(all: boolean): Promise<void> {
    const batch: Entry[] = [];
    const replaced: Entry[] = [];
    const sentAt = clock();
    if (all) {
      // The one-off clients' first hits too (close, or a flush asked for), in windows not ended.
      for (const route of routes.values()) {
        for (const [key, windowEnd] of route.firsts) {
          if (windowEnd > sentAt) comeBack(route, key, route.windowMs, windowEnd);
        }
        for (const entry of route.entries.values()) {
          if (entry.pending > 0 && entry.windowEnd > sentAt) touched.add(entry);
        }
      }
    }
    for (const entry of touched) {
      if (!isCurrent(entry)) {
        // Replaced by a new window: its hits belong to a window that ended and are not sent; its
        // waiting requests are decided in the new window.
        replaced.push(entry);
      } else if (entry.pending > 0) {
        entry.sending = entry.pending;
        entry.pending = 0;
        // A window the database does not have yet ends where this instance's does: a first hit
        // sent late does not lengthen its client's window.
        entry.sendingMs = entry.synced ? entry.windowMs : Math.max(1, Math.ceil(entry.windowEnd - sentAt));
        batch.push(entry);
      }
    }
    touched.clear();
    for (const entry of replaced) release(entry);
    for (let start = 0; start < batch.length; start += BATCH_MAX) {
      await sendChunk(batch.slice(start, start + BATCH_MAX));
    }
    await sweep();
    trim(clock());
  }

  async function sendChunk(batch: Entry[]): Promise<void> {
    try {
      await send(batch);
    } catch (error) {
      if (Date.now() - lastWarning >= WARNING_INTERVAL_MS) {
        lastWarning = Date.now();
        log.warn({ err: error }, 'rate limit: counts not synced');
      }
      for (const entry of batch) {
        // Sent again on the next sync (none after close: the database may be gone for good); the
        // requests waiting for this one fail as a count did before.
        if (!closed) {
          entry.pending += entry.sending;
          touched.add(entry);
        }
        entry.sending = 0;
        const waiting = entry.waiting ?? [];
        entry.waiting = undefined;
        for (const { callback } of waiting)
          callback(error instanceof Error ? error : new Error(String(error)));
      }
    }
    for (const entry of batch) release(entry);
  }

  function sync(all = false): Promise<void> {
    // One sync at a time: a second waits for the first, then sends what came in meanwhile.
    const next = (syncing ?? Promise.resolve())
      .then(() => syncOnce(all))
      .finally(() => {
        if (syncing === next) syncing = undefined;
        if (touched.size > 0) schedule();
      });
    syncing = next;
    return next;
  }

  class SharedStore implements FastifyRateLimitStore {
    readonly route: Route;

    constructor(_options: unknown, route = '') {
      this.route = routeNamed(route);
    }

    incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
      incr(this.route, key, timeWindow, max, callback);
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as ChildOptions;
      // Only the fixed window is kept in the database; a route asking for more must not silently
      // get less.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('rate limit: the database store keeps fixed windows only');
      }
      const method = String(options.routeInfo?.method ?? '');
      const url = String(options.routeInfo?.url ?? '');
      return new SharedStore(undefined, `${method} ${url}`);
    }
  }

  const counts: SharedCounts = {
    flush: () => sync(true),
    held() {
      let firsts = 0;
      let entries = 0;
      for (const route of routes.values()) {
        firsts += route.firsts.size;
        entries += route.entries.size;
      }
      return { firsts, entries };
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // What this instance counted still reaches the shared count.
      await sync(true);
    },
  };
  return { store: SharedStore, counts };
}

/**
 * Registered with `global: false`: a route opts in with `config: { ...rateLimit(5, '1 minute') }`.
 * Counters are keyed by client IP (set TRUST_PROXY behind a proxy). When several instances may
 * share the database (RATE_LIMIT_STORE, by default with DATABASE_URL) they are counted locally and
 * synced with the database's every RATE_LIMIT_SYNC_MS; else they live in this process's memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  const shared =
    app.config.rateLimitStore === 'database'
      ? createSharedCounts(app.db, app.log, app.config.rateLimitSyncMs)
      : undefined;
  if (shared) {
    sharedCountsOf.set(app, shared.counts);
    // Registered after the database's own onClose hook, so it runs before the database closes.
    app.addHook('onClose', () => shared.counts.close());
  }
  await app.register(rateLimitPlugin, {
    global: false,
    // The plugin's own key, the client's address (request.ip): worked out in the request's own tick
    // (a key generator of ours is awaited, one more promise hop per limited request: bench/api,
    // decision 067). Each IPv6 address counts on its own, as before; an address is compared in its
    // canonical form (an IPv4-mapped IPv6 address is its IPv4 address).
    ipv6Subnet: 128,
    errorResponseBuilder: () => tooMany(),
    ...(shared ? { store: shared.store } : {}),
  });
}

export function rateLimit(max: number, timeWindow: number | string) {
  return { rateLimit: { max, timeWindow } };
}
