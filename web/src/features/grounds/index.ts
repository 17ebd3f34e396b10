// What other features' screens use of grounds and outings; their reads come from './api', which the first download
// may hold, where this would bring every component named here into it.
export { groundsQuery, outingsQuery } from './api';
export { OutingControl } from './OutingControl';
export { groundName, outingTime } from './outing-words';
export { TrendsToggle } from './TrendsToggle';
