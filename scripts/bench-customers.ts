// `npm run bench:customers [customers]`: the reseller console's customers' list (GET
// /api/reseller/customers) over HTTP against a real portal process on a sandbox seeded with 10,000
// customers besides its own. Prints the first page (which reads the whole listing) and the p50/p95
// per page of 50 while paging through everything, sorting by each column both ways and searching by
// domain prefix (budget: p95 ≤ 150 ms per page of 50, docs/performance.md).
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { API_PATHS } from '../src/contract/api';
import {
  CUSTOMER_SORT_FIELDS,
  SORT_ORDERS,
  type CustomerListPage,
} from '../src/contract/customerList';
import { sandboxWithCrowd } from '../src/testing/server/customerCrowd';
import { startPortalProcess } from '../src/testing/server/portalProcess';
import { staffSignInOverHttp } from '../src/testing/server/sandboxSignIn';

const DEFAULT_CUSTOMERS = 10_000;
const PAGE = 50;
const BUDGET_P95_MS = 150;
/** Pages read per sort order and per search, after its first. */
const PAGES_PER_SORT = 5;
const SEARCHES = ['alpine', 'cedar-0', 'harbor-09', 'granite-0999', 'e', 'nowhere'];
/** The largest limit the portal accepts, so the bench meets no quota. */
const UNLIMITED = '1000000';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? DEFAULT_CUSTOMERS);
  if (!Number.isInteger(count) || count < 1) throw new Error('customers must be a whole number');
  console.log(`Seeding ${count} customers in a sandbox…`);
  const dataDir = await sandboxWithCrowd(count);
  const portal = await startPortalProcess({
    dataDir,
    env: {
      RATE_LIMIT_PER_ADDRESS: UNLIMITED,
      RATE_LIMIT_PER_SESSION: UNLIMITED,
      RATE_LIMIT_PER_CUSTOMER: UNLIMITED,
    },
  });
  try {
    const { cookie } = await staffSignInOverHttp(portal.origin, 'ops@sandbox.example');
    const page = async (query: Record<string, string>) => {
      const started = performance.now();
      const answer = await fetch(
        `${portal.origin}${API_PATHS.customerList}?${new URLSearchParams(query)}`,
        { headers: { cookie } },
      );
      if (answer.status !== 200) throw new Error(`the list answered ${answer.status}`);
      const body = (await answer.json()) as CustomerListPage;
      return { body, ms: performance.now() - started };
    };
    const first = await page({ limit: String(PAGE) });
    console.log(
      `First page (reads the listing of ${first.body.total} customers): ${first.ms.toFixed(1)} ms`,
    );

    const times: number[] = [];
    const walk = async (query: Record<string, string>, pages: number) => {
      let token: string | null = null;
      for (let read = 0; read < pages; read += 1) {
        const { body, ms }: { body: CustomerListPage; ms: number } = await page(
          token === null ? { ...query, limit: String(PAGE) } : { pageToken: token },
        );
        times.push(ms);
        token = body.nextPageToken;
        if (token === null) break;
      }
    };
    await walk({}, Math.ceil(first.body.total / PAGE));
    for (const sort of CUSTOMER_SORT_FIELDS) {
      for (const order of SORT_ORDERS) await walk({ sort, order }, PAGES_PER_SORT);
    }
    for (const query of SEARCHES) await walk({ query, sort: 'seatsTotal' }, PAGES_PER_SORT);

    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p95 = percentile(sorted, 0.95);
    console.log(
      `${times.length} pages of ${PAGE}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (budget: p95 ≤ ${BUDGET_P95_MS} ms)`,
    );
    if (p95 > BUDGET_P95_MS) process.exitCode = 1;
  } finally {
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
