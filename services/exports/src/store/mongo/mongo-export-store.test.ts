import { randomUUID } from 'node:crypto';
import { describeWithMongo } from '@cull-log/storage-kit/testing';
import { exportStoreContract } from '../../testing/export-store-contract';
import { connectMongoExportStore } from './index';

await describeWithMongo('MongoDB export store contract', (url) => {
  const dbName = `exports_test_${randomUUID().slice(0, 8)}`;
  exportStoreContract('MongoDB', () => connectMongoExportStore({ url, dbName }));
});
