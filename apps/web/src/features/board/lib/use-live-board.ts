import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { boardQueryKey, boardRequestQueryKey } from '../api/board';
import { myRequestsQueryKey } from '../api/my-requests';
import { listenToBoard } from './board-events';

/**
 * Keeps the open board current: each `board-changed` event reads the list (and the request it
 * names) again, without reloading the page; a reconnection reads them too, for what was missed.
 */
export function useLiveBoard(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let opened = false;
    return listenToBoard(
      (event) => {
        void queryClient.invalidateQueries({ queryKey: boardQueryKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: boardRequestQueryKey(event.requestId) });
        void queryClient.invalidateQueries({ queryKey: myRequestsQueryKey });
      },
      () => {
        if (opened) void queryClient.invalidateQueries({ queryKey: ['board'] });
        opened = true;
      },
    );
  }, [enabled, queryClient]);
}
