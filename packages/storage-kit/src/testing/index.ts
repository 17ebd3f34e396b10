export { mongoTestTarget, type MongoTestTarget } from './mongo-test-target';
export { describeWithMongo } from './describe-with-mongo';
export { sqliteSchemaVersions } from './schema-versions';
