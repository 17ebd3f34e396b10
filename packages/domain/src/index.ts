export { decide, evolve, fold, initialState, applyChanges } from './cull-decider';
export type { CullState, Decision, DecisionError } from './cull-decider';
