import {
  checkListCullsQuery,
  LIST_CULLS_QUERY_DEFAULTS,
  LIST_CULLS_QUERY_FIELDS,
  PAGE_SIZES,
  type ListCullsQuery as ListCullsParams,
} from '@cull-log/contracts';

/** The API's own defaults: the view an address without parameters shows. */
export const DEFAULT_PARAMS: ListCullsParams = LIST_CULLS_QUERY_DEFAULTS;

/** The table's state lives in the address, so Back, reload and shared links keep the same view. */
export function paramsFrom(search: URLSearchParams): ListCullsParams {
  const parsed = checkListCullsQuery(
    Object.fromEntries(
      LIST_CULLS_QUERY_FIELDS.flatMap((key) => {
        const value = search.get(key);
        return value === null ? [] : [[key, value]];
      }),
    ),
  );
  if (!parsed.success) return DEFAULT_PARAMS;
  const pageSizeOffered = (PAGE_SIZES as readonly number[]).includes(parsed.data.page_size);
  return { ...parsed.data, page_size: pageSizeOffered ? parsed.data.page_size : DEFAULT_PARAMS.page_size };
}
