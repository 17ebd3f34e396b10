/**
 * The API's page sizes and limits as plain values, apart from the schemas that use them, so a screen can show them
 * without building any schema.
 */

/** The page sizes the records list offers. */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;

/** The most points one map answer carries; a larger log answers the newest this many, marked truncated. */
export const MAP_POINTS_LIMIT = 50_000;
