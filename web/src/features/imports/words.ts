import { formatNumber } from '@cull-log/domain';

/** "1 record", "1,412 records". */
export const recordCount = (count: number) => (count === 1 ? '1 record' : `${formatNumber(count)} records`);

/** "1 row", "1,412 rows". */
export const rowCount = (count: number) => (count === 1 ? '1 row' : `${formatNumber(count)} rows`);
