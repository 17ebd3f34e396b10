/**
 * The schema of the session check alone. Every page asks who is signed in, public pages too, and this needs only zod
 * and itself: the rest of the shared schemas are built when a screen first reads something else.
 */
export { SessionResponse } from '@cull-log/contracts';
