import { accountScreens } from '../features/account/screens';
import { dashboardScreens } from '../features/dashboard/screens';
import { groundsScreens } from '../features/grounds/screens';
import { importsScreens } from '../features/imports/screens';
import { larderScreens } from '../features/larder/screens';
import { mapScreens } from '../features/map/screens';
import { plansScreens } from '../features/plans/screens';
import { recordsScreens } from '../features/records/screens';
import { teamsScreens } from '../features/teams/screens';
import type { Screen } from '../ui/screen';

/**
 * Every screen of the app, by feature: the one table the routes, the loading picture and the build read. A screen is
 * defined in its feature's `screens.ts` (through `defineScreen`); a new feature adds its list here.
 */
export const SCREENS: readonly Screen[] = [
  ...accountScreens,
  ...mapScreens,
  ...dashboardScreens,
  ...recordsScreens,
  ...importsScreens,
  ...groundsScreens,
  ...plansScreens,
  ...larderScreens,
  ...teamsScreens,
];

/** The home page, at `/`: part of the first download, and the build sends it with its hero drawn. */
export const HOME_SCREEN = { title: 'Home' } as const;
