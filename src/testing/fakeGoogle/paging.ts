import { googleError, type FakeAnswer } from './googleErrors';

// Google's list pages as the fake hands them out: its pageToken is the offset of the page's first item.

/**
 * The list answer for the page of `list` that `query`'s pageToken asks for: `body` of the page, with
 * nextPageToken while more remain; Google's 400 for a token it never gave.
 */
export function pagedAnswer<T>(
  list: readonly T[],
  query: URLSearchParams,
  pageSize: number,
  body: (page: T[]) => Record<string, unknown>,
): FakeAnswer {
  const start = Number(query.get('pageToken') ?? '0');
  if (!Number.isInteger(start) || start < 0 || start > list.length) {
    return googleError('invalid', 'Invalid page token.');
  }
  const next = start + pageSize < list.length ? String(start + pageSize) : undefined;
  return {
    status: 200,
    body: {
      ...body(list.slice(start, start + pageSize)),
      ...(next === undefined ? {} : { nextPageToken: next }),
    },
  };
}
