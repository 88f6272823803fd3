import { useEffect, useState } from 'react';
import { useSession } from '@/lib/session';
import { onDemand } from '../lib/on-demand-loader';
import type { CheckoutPrefill } from './poster-prefill';

/**
 * The prefill once it has come, else null (a visitor who is not signed in, or a link that names no
 * offer, asks nothing). Asked once per page and sign-in; it fails quietly, so nothing is retried.
 * The asking code (poster-prefill.ts) loads only for a signed-in visitor (decision 071).
 */
export function usePosterPrefill(offerUrl: string | null): CheckoutPrefill | null {
  const { token } = useSession();
  const key = token !== null && offerUrl !== null ? `${token}\n${offerUrl}` : null;
  const [answer, setAnswer] = useState<{ key: string; prefill: CheckoutPrefill | null } | null>(null);
  useEffect(() => {
    if (key === null || offerUrl === null) return;
    let current = true;
    void onDemand()
      .then((parts) => parts.importPosterPrefill())
      .then((module) => module.posterPrefill(offerUrl))
      .catch(() => null)
      .then((prefill) => {
        if (current) setAnswer({ key, prefill });
      });
    return () => {
      current = false;
    };
  }, [key, offerUrl]);
  return answer?.key === key ? answer.prefill : null;
}
