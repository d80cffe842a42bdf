import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { API_PATHS } from '../../../contract/api';
import { BYTE_ORDER_MARK, csvLine } from '../../../contract/csv';
import { ledgerSchema } from '../../../contract/endpoints';
import {
  LEDGER_CSV_MAX_ROWS,
  LEDGER_PAGE_DEFAULT,
  LEDGER_PAGE_MAX,
  type LedgerPage,
} from '../../../contract/ledger';
import { invalidArgument } from '../../apiError';
import { decodeCursor, encodeCursor } from '../../history/historyView';
import {
  LEDGER_CSV_HEADER,
  ledgerBound,
  ledgerCsvLine,
  toLedgerRow,
} from '../../history/ledgerView';
import { SERVER_TEXT } from '../../messages';
import type { LedgerFilter } from '../../store/ledgerQueries';
import type { PortalStore } from '../../store/portalStore';
import type { ApiScope, ConsoleRouteContext } from '../context';
import { pageSize } from '../pageSize';

/** Rows the CSV reads from the store at a time, so its memory stays flat whatever it holds. */
const CSV_BATCH = 1000;

/** Every row of the filter, newest first, one batch at a time, as CSV text. */
async function* ledgerCsv(store: PortalStore, filter: LedgerFilter): AsyncGenerator<string> {
  yield `${BYTE_ORDER_MARK}${csvLine(LEDGER_CSV_HEADER)}`;
  let olderThan: number | null = null;
  for (;;) {
    const records = await store.listLedger({ ...filter, olderThan, limit: CSV_BATCH });
    if (records.length > 0)
      yield records.map((record) => ledgerCsvLine(toLedgerRow(record))).join('');
    const last = records.at(-1);
    if (records.length < CSV_BATCH || last === undefined) return;
    olderThan = last.id;
  }
}

/** 'ledger-2030-01-15.csv', with the customer and state when filtered by them. */
function csvFileName(filter: LedgerFilter, now: number): string {
  const parts = [
    'ledger',
    filter.customerId,
    filter.state,
    new Date(now).toISOString().slice(0, 10),
  ];
  const name = parts.filter((part) => part !== null).join('-');
  return `${name.replace(/[^a-z0-9.-]/gi, '_')}.csv`;
}

// The reseller's ledger (docs/api.md, GET /api/reseller/ledger): every customer's changes with their
// charges, newest first, one page at a time or every page as one CSV; every staff member may read it.
export async function ledgerRoutes(app: ApiScope, { store, now }: ConsoleRouteContext) {
  app.get(API_PATHS.ledger, { schema: ledgerSchema }, async (request, reply) => {
    const { customerId, state, cursor, format } = request.query;
    const filter: LedgerFilter = {
      customerId: customerId ?? null,
      from: ledgerBound('from', request.query.from),
      to: ledgerBound('to', request.query.to),
      state: state ?? null,
    };
    if (filter.from !== null && filter.to !== null && filter.from >= filter.to) {
      throw invalidArgument(SERVER_TEXT.ledgerRangeEmpty);
    }
    if (format === 'csv') {
      if (cursor !== undefined || request.query.limit !== undefined) {
        throw invalidArgument(SERVER_TEXT.ledgerCsvPaged);
      }
      // Refused before the first byte, since a stream cannot change its status once it has begun.
      if ((await store.countLedger(filter, LEDGER_CSV_MAX_ROWS + 1)) > LEDGER_CSV_MAX_ROWS) {
        throw invalidArgument(SERVER_TEXT.ledgerCsvTooLarge(LEDGER_CSV_MAX_ROWS));
      }
      // The schema types the answer as text; Fastify sends a stream as it comes, unserialized.
      const streaming: FastifyReply = reply;
      return streaming
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(filter, now())}"`)
        .send(Readable.from(ledgerCsv(store, filter)));
    }
    const limit = pageSize(request.query.limit, {
      default: LEDGER_PAGE_DEFAULT,
      max: LEDGER_PAGE_MAX,
    });
    const olderThan = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && olderThan === null) {
      throw invalidArgument(SERVER_TEXT.invalidHistoryCursor);
    }
    // One more than a page says whether an older page exists.
    const records = await store.listLedger({ ...filter, olderThan, limit: limit + 1 });
    const page = records.slice(0, limit);
    const last = page.at(-1);
    const answer: LedgerPage = {
      rows: page.map(toLedgerRow),
      nextCursor: records.length > limit && last !== undefined ? encodeCursor(last.id) : null,
    };
    return answer;
  });
}
