import { googleError, type FakeAnswer } from './googleErrors';

// Google's list pages as the fake hands them out: its pageToken is the offset of the page's first item.

export interface FakePage<T> {
  page: T[];
  /** The token of the next page, while more remain. */
  next: string | undefined;
}

/** The page of `list` that `query`'s pageToken asks for, or Google's 400 for a token it never gave. */
export function pageOf<T>(
  list: readonly T[],
  query: URLSearchParams,
  pageSize: number,
): FakePage<T> | FakeAnswer {
  const start = Number(query.get('pageToken') ?? '0');
  if (!Number.isInteger(start) || start < 0 || start > list.length) {
    return googleError('invalid', 'Invalid page token.');
  }
  return {
    page: list.slice(start, start + pageSize),
    next: start + pageSize < list.length ? String(start + pageSize) : undefined,
  };
}
