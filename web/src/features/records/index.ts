/** What other features use of the records feature's screens: the legal warnings, read as the record card reads them. */
export { WarningList } from './WarningList';
export { WarningMark } from './WarningMark';
