/**
 * The app's screens by address: each one's document title and, where it is fixed, the heading it opens with. Plain
 * data, read by the routes, by the screen drawn while a screen loads, and by the build, which writes a page for each
 * fixed address that the server sends at once with that heading already on it.
 */
export interface ScreenEntry {
  /** The route's path, as react-router matches it (no leading slash). */
  path: string;
  /** The document title: "Add cull · Cull Log". */
  title: string;
  /** The screen's own heading, where it does not depend on what is read. */
  heading?: string;
  /** A line under the heading saying what the screen is for, where it has one. */
  lead?: string;
  /** Behind the session check. */
  signedIn: boolean;
}

export const SCREENS = [
  { path: 'login', title: 'Login', heading: 'Sign in to Cull Log', signedIn: false },
  { path: 'terms', title: 'Terms & Conditions', heading: 'Terms & Conditions', signedIn: false },
  { path: 'privacy', title: 'Privacy Policy', heading: 'Privacy Policy', signedIn: false },
  {
    path: 'map',
    title: 'Map',
    heading: 'Interactive Map',
    lead: 'Where each of your culls was taken. Filter by season, species, sex and ground, and tap a marker to see the record.',
    signedIn: false,
  },
  {
    path: 'dashboard',
    title: 'Dashboard',
    heading: 'Dashboard',
    lead: 'Your season at a glance: culls by species, sex and month, your outings, and progress against your cull plan.',
    signedIn: true,
  },
  {
    path: 'data',
    title: 'Cull data',
    heading: 'Cull Data',
    lead: 'Every cull you have recorded, newest first. Search, sort and open them, or export a season as a CSV file.',
    signedIn: true,
  },
  { path: 'grounds', title: 'Grounds', heading: 'Grounds', signedIn: true },
  { path: 'plans', title: 'Cull plan', heading: 'Cull plan', signedIn: true },
  { path: 'larder', title: 'Larder book', heading: 'Larder book', signedIn: true },
  { path: 'add-cull', title: 'Add cull', heading: 'Add New Cull Record', signedIn: true },
  { path: 'edit-cull/:id', title: 'Edit cull', heading: 'Edit Cull Record', signedIn: true },
  { path: 'cull/:id', title: 'Edit cull', heading: 'Edit Cull Record', signedIn: true },
  { path: 'view-cull/:id', title: 'Cull record', signedIn: true },
  { path: 'sessions', title: 'Signed-in devices', heading: 'Signed-in devices', signedIn: true },
  { path: 'your-data', title: 'Your data', heading: 'Your data', signedIn: true },
] as const satisfies readonly ScreenEntry[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

/** The home page, at `/`: the build sends it with its hero drawn. */
export const HOME_SCREEN = { title: 'Home' } as const;

/** The entry for a path of the table. */
export function screenAt(path: ScreenPath): ScreenEntry {
  return SCREENS.find((screen) => screen.path === path)!;
}
