import { describe, expect, it } from 'vitest';
import {
  ProjectionRetentionRequest,
  ProjectionRetentionResponse,
  RecordRetentionRequest,
  RecordRetentionResponse,
} from './retention';

describe('the retention calls', () => {
  it('take a cutoff as an ISO date-time, and nothing else for one', () => {
    expect(RecordRetentionRequest.parse({ cutoff: '2019-12-07T00:00:00.000Z' })).toEqual({
      cutoff: '2019-12-07T00:00:00.000Z',
    });
    for (const cutoff of ['2019-12-07', 'yesterday', '', 1575676800000, null, undefined]) {
      expect(RecordRetentionRequest.safeParse({ cutoff }).success).toBe(false);
    }
  });

  it('name at most 100,000 records, none of them empty', () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => `record-${index}`);
    for (const schema of [RecordRetentionResponse, ProjectionRetentionRequest]) {
      expect(schema.parse({ record_ids: ids }).record_ids).toHaveLength(100_000);
      expect(schema.parse({ record_ids: [] })).toEqual({ record_ids: [] });
      expect(schema.safeParse({ record_ids: [...ids, 'one-more'] }).success).toBe(false);
      expect(schema.safeParse({ record_ids: [''] }).success).toBe(false);
      expect(schema.safeParse({ record_ids: [7] }).success).toBe(false);
      expect(schema.safeParse({ record_ids: 'record-1' }).success).toBe(false);
      expect(schema.safeParse({}).success).toBe(false);
    }
  });

  it('answer a projection’s count as a whole number, zero or more', () => {
    expect(ProjectionRetentionResponse.parse({ removed: 0 })).toEqual({ removed: 0 });
    for (const removed of [-1, 1.5, '3', null]) {
      expect(ProjectionRetentionResponse.safeParse({ removed }).success).toBe(false);
    }
  });
});
