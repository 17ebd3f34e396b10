/** Keys start with the endpoint, so invalidating ['culls'] refreshes every list, record and map view. */
export const queryKeys = {
  me: ['me'] as const,
  authOptions: ['auth-options'] as const,
  culls: ['culls'] as const,
  stats: ['stats'] as const,
  larder: ['larder'] as const,
  grounds: ['grounds'] as const,
  outings: ['outings'] as const,
  settings: ['settings'] as const,
  plans: ['plans'] as const,
};
