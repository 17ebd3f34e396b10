// What other features use of the larder book.
export { downloadDeclaration } from './api';
