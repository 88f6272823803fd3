import { createContext, useContext } from 'react';

/** The CSP nonce of this response, given by app/entry.server.tsx (none in the browser or the prerender). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
