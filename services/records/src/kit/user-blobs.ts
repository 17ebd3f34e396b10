/**
 * Where everything of a user's is kept in the blob store: their photos and the files of their imports, all under one
 * prefix, so that erasing the account reaches every file, those no event names too (an upload whose event never
 * landed).
 */
export const userBlobPrefix = (uid: string) => `users/${uid}`;
