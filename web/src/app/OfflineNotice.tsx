import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys';
import { formatUkDate } from '../lib/format';
import { useOnline } from '../api/useOnline';

const pad = (value: number) => String(value).padStart(2, '0');
const KEPT: readonly string[] = [queryKeys.culls[0], queryKeys.stats[0]];

/** When the newest of the user's records and figures on this device was read from the server. */
function lastReadAt(queryClient: ReturnType<typeof useQueryClient>): number | undefined {
  const readAt = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => KEPT.includes(String(query.queryKey[0])) })
    .map((query) => query.state.dataUpdatedAt)
    .filter((at) => at > 0);
  return readAt.length === 0 ? undefined : Math.max(...readAt);
}

/** Says plainly when there is no signal: what is on screen is what this device already has, and from when. */
export function OfflineNotice() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const readAt = lastReadAt(queryClient);
  const when =
    readAt === undefined
      ? ''
      : ` Last updated ${formatUkDate(new Date(readAt))} at ${pad(new Date(readAt).getHours())}:${pad(new Date(readAt).getMinutes())}.`;
  return (
    <div className="offline-notice" role="status">
      <strong>No signal.</strong> Showing what this device already has; what you save waits on this device and
      is sent when the signal is back.{when}
    </div>
  );
}
