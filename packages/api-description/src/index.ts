export { openApiDocument, type OpenApiDocument } from './openapi-document';
