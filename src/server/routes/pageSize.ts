import { invalidArgument } from '../apiError';

// The `limit` of a paged route (docs/api.md, GET /api/history and GET /api/reseller/audit): digits
// only (a query string is text), from 1 to the route's most, its default when absent.
export function pageSize(raw: string | undefined, sizes: { default: number; max: number }): number {
  if (raw === undefined) return sizes.default;
  if (!/^[0-9]+$/.test(raw)) throw invalidArgument("Field 'limit' must be an integer.");
  const limit = Number(raw);
  if (limit < 1) throw invalidArgument("Field 'limit' must be at least 1.");
  if (limit > sizes.max) throw invalidArgument(`Field 'limit' must be at most ${sizes.max}.`);
  return limit;
}
