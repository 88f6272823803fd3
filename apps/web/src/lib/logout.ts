import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths, useLocalizedHref } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function logoutRequest(): Promise<void> {
  return api.post<void>('/logout');
}

/**
 * POST /logout, then clear the session and go to `target` (default /auth; the dashboard's button
 * passes /auth/login). A failed call is only logged and the session stays (spec 8); a 401 is
 * already handled by the API client, which clears the session and goes to /auth.
 */
export function useLogout() {
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: logoutRequest });
  const { mutateAsync } = mutation;

  const logout = useCallback(
    async (target: string = paths.auth.root.getHref()): Promise<boolean> => {
      try {
        await mutateAsync();
      } catch (error) {
        console.error('logout failed', error);
        return false;
      }
      clearSession();
      await navigate(href(target), { replace: true });
      // Cached answers belong to the user who just left; cleared once their pages are gone.
      queryClient.clear();
      return true;
    },
    [mutateAsync, queryClient, navigate, href],
  );

  return { logout, isPending: mutation.isPending };
}
