/**
 * What makes two requests the same declaration: the same carcasses (in any order) going to the same dealer (as
 * typed, give or take case and spacing). Asked for again, it keeps its number.
 */
export function declarationKey(recordIds: readonly string[], dealer: string): string {
  const ids = [...new Set(recordIds.map((id) => id.toLowerCase()))].sort();
  const dealerKey = dealer.trim().replace(/\s+/g, ' ').toLowerCase();
  return `${dealerKey}\n${ids.join(',')}`;
}
