import { loadOnce } from '@/lib/load-once';

/** on-demand.ts, loaded once when the page first needs one of its parts; a failed load is tried again. */
export const onDemand = loadOnce(() => import('./on-demand'));
