/**
 * The API's bounds, page sizes, sort columns and file names as plain values, apart from the schemas that use them, so a
 * screen can show them (and the app check a list's address) without building any schema.
 */

/** Server-side bounds the original app lacked; the form enforces the same ones. */
export const LIMITS = {
  shortText: 100,
  locationName: 200,
  gridRef: 20,
  longText: 2000,
  notes: 5000,
  weightMaxKg: 1000,
  antlerPointsMax: 60,
  searchText: 200,
  pageSizeMax: 100,
  /** The last page a list may be asked for: at the largest page size, a million records in. */
  pageMax: 10_000,
  carcassTag: 50,
  certificateNumber: 50,
  gameDealer: 200,
  otherAbnormality: 500,
} as const;

/** Columns of the Cull Data table that the list can be sorted by, plus creation time (the default). */
export const SORT_COLUMNS = [
  'date',
  'time',
  'location_name',
  'species',
  'sex',
  'age_estimate',
  'weight',
  'condition',
  'antlers_present',
  'shot_placement',
  'shot_distance',
  'created_at',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** What the records list shows when its address names no page, size, sort or search: page 1 of 10, newest first. */
export const LIST_CULLS_QUERY_DEFAULTS = {
  page: 1,
  page_size: 10,
  sort: 'created_at',
  order: 'desc',
  q: '',
} as const satisfies {
  page: number;
  page_size: number;
  sort: SortColumn;
  order: (typeof SORT_ORDERS)[number];
  q: string;
};

/**
 * The records list's filters, each optional and absent by default: a ground, an outing, a species, a sex and a
 * carcass destination, by these names in the address and the API's query.
 */
export const LIST_CULLS_FILTER_FIELDS = ['ground_id', 'outing_id', 'species', 'sex', 'destination'] as const;

/** An id the records list filters by (a ground's or an outing's): a UUID, any case. */
export const FILTER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page sizes the records list offers. */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;

/** The most points one map answer carries; a larger log answers the newest this many, marked truncated. */
export const MAP_POINTS_LIMIT = 50_000;

/** What a record's photos may be: how many, how large as sent, and the sizes they are kept at. */
export const PHOTO_LIMITS = {
  perRecord: 6,
  /** Bytes of one photo as sent, before anything is done to it. */
  maxUploadBytes: 15 * 1024 * 1024,
  /**
   * Pixels of one photo as sent, read from its header before it is decoded: a 50-megapixel camera's largest photo,
   * and 150 MB once decoded. Beyond it is a decompression bomb, not a photo.
   */
  maxInputPixels: 50_000_000,
  /** The long edge a photo is resized to (in the browser before sending, and again on the server). */
  longEdgePx: 2048,
  /** The long edge of a thumbnail. */
  thumbnailEdgePx: 320,
} as const;

/** The image types a photo may be sent and kept as. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** Thumbnails are always WebP: small, and they keep a PNG's transparency. */
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

/** The bounds of grounds, outings and plans. */
export const MANAGEMENT_LIMITS = {
  groundName: 100,
  groundNotes: 2000,
  outingNotes: 2000,
  /** Corners of a ground's boundary, the closing corner included. */
  boundaryCornersMax: 500,
  /**
   * The largest ground a boundary may outline: 50 km between its two furthest corners and 100,000 ha inside. The
   * largest deer forests and estates of Scotland run to a few tens of thousands of hectares and 20 to 30 km across;
   * past this a boundary is a slip of the finger (a corner tapped with the map zoomed out), not a ground.
   */
  boundarySpanMaxKm: 50,
  boundaryAreaMaxHectares: 100_000,
  plansPerSeason: 100,
  targetsPerPlan: 200,
  /** A team plan's shares: 30 members with a few classes on a few grounds each, and room to spare. */
  allocationsPerSeason: 2000,
  targetMax: 10_000,
} as const;

/** The name of the zip `GET /api/account/export` answers. */
export const ACCOUNT_EXPORT_FILE = 'cull-log-data.zip';
