// What other features' screens use of counts: a ground's counts (their code downloads when opened), the words of a
// count and the working of a sum. Reads come from './api'.
export { CountsDisclosure } from './CountsDisclosure';
export { figure, methodLabel } from './count-words';
export { WorkingSteps } from './WorkingSteps';
