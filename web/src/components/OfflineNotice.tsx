import { useOnline } from '../hooks/useOnline';

/** Says plainly when there is no signal: what is on screen is what this device already has. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <strong>No signal.</strong> Showing what this device already has; records can be saved once you are back
      online.
    </div>
  );
}
