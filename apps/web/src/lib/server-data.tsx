import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Data a page was rendered with on the server (docs/decisions/012-server-rendered-profile-page.md).
 * The server writes it into the page beside the markup, and the browser's first render takes it
 * from there, so that hydration renders exactly what the server did without asking the API first.
 */
export interface ServerData {
  /** The react-query key the data answers. */
  queryKey: readonly unknown[];
  data: unknown;
}

/** The id of the page's `<script type="application/json">` that carries the data. */
export const SERVER_DATA_ELEMENT_ID = 'server-data';

/** The data block for the page. Not a script the browser runs, so the CSP does not concern it. */
export function serverDataScript(serverData: ServerData): string {
  // '<' escaped: the JSON cannot end the element or open a comment inside it.
  const json = JSON.stringify(serverData).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${json}</script>`;
}

/** The page's data block, or null when there is none or it is not what the server writes. */
export function readServerData(document: Document): ServerData | null {
  const text = document.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<ServerData> | null;
    return parsed && Array.isArray(parsed.queryKey) && 'data' in parsed
      ? { queryKey: parsed.queryKey, data: parsed.data }
      : null;
  } catch {
    return null;
  }
}

/** One page's data, handed out once: a later visit of the same page in the app loads anew. */
interface ServerDataHolder {
  current: ServerData | null;
}

const ServerDataContext = createContext<ServerDataHolder>({ current: null });

export function ServerDataProvider({ value, children }: { value: ServerData | null; children: ReactNode }) {
  const [holder] = useState<ServerDataHolder>(() => ({ current: value }));
  return <ServerDataContext value={holder}>{children}</ServerDataContext>;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The server's data for `queryKey` if the page came with it, on the component's first render
 * only; undefined otherwise.
 */
export function useServerData<T>(queryKey: readonly unknown[]): T | undefined {
  const holder = useContext(ServerDataContext);
  const [data] = useState(() => {
    const served = holder.current;
    if (!served || !sameKey(served.queryKey, queryKey)) return undefined;
    holder.current = null;
    return served.data as T;
  });
  return data;
}
