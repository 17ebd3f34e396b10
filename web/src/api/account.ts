import { ACCOUNT_EXPORT_FILE } from '@cull-log/contracts';
import { request } from './client';
import { forgetSession } from './session';

/** Where the browser downloads everything kept about the user, as one zip, straight to disk. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
export { ACCOUNT_EXPORT_FILE };

/** What the user types to confirm that their account is to be deleted. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * Erases the account on the server (every record, event, figure and session of the user), then forgets what
 * this device kept of them: the last session and the reads kept for use with no signal.
 */
export async function deleteAccount(): Promise<void> {
  await request('/api/account', { method: 'DELETE' });
  await forgetSession();
}
