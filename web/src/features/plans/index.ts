// What other features' screens use of cull plans; their reads come from './api', which the first download may hold,
// where this would bring every component named here into it.
export { PlanProgress } from './PlanProgress';
export { MemberProgress } from './PlanProgress';
