import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/keys';

/** After a write, every list, record, map and dashboard figure is read again. */
export function useRefreshAfterWrite(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.culls }),
      queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
    ]);
  }, [queryClient]);
}
