import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/eventstore/testing';
import { exportStoreContract } from '../testing/export-store-contract';
import { connectMongoExportStore } from './mongo-export-store';

const target = await mongoTestTarget('MongoDB export store contract');

if (target === undefined) {
  describe.skip('MongoDB export store (no MongoDB reachable)', () => {
    it('runs the export store contract', () => {});
  });
} else {
  const dbName = `exports_test_${randomUUID().slice(0, 8)}`;
  afterAll(() => target.stop());
  exportStoreContract('MongoDB', () => connectMongoExportStore({ url: target.url, dbName }));
}
