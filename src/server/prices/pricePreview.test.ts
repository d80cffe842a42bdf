import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRICED_PLANS, type PricedPlan } from '../../contract/prices';
import { previewPrice } from './pricePreview';

// The worked examples of docs/api.md (GET /api/price-preview, Formulas), computed from the doc's
// own table, so the formulas written there are the ones the server runs.

const API_DOC = path.resolve(__dirname, '..', '..', '..', 'docs', 'api.md');
const TABLE_HEADER = /^\| Plan\s+\| Seats\s+\| Seat price/;

interface WorkedExample {
  plan: PricedPlan;
  /** The table's Seats column. */
  seatsToAdd: number;
  seatPrice: number;
  currency: string;
  today: string;
  termStart: string;
  termEnd: string;
  line: string;
  amount: number;
}

function isPricedPlan(value: string): value is PricedPlan {
  return (PRICED_PLANS as readonly string[]).includes(value);
}

function workedExamples(): WorkedExample[] {
  const lines = readFileSync(API_DOC, 'utf8').split('\n');
  const start = lines.findIndex((line) => TABLE_HEADER.test(line));
  const rows: WorkedExample[] = [];
  // Past the header and its separator, every row up to the first line that is not one.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [
      plan = '',
      seats,
      seatPrice,
      currency = '',
      today = '',
      termStart = '',
      termEnd = '',
      name = '',
      amount,
    ] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (!isPricedPlan(plan)) throw new Error(`unknown plan in docs/api.md: ${plan}`);
    rows.push({
      plan,
      seatsToAdd: Number(seats),
      seatPrice: Number(seatPrice),
      currency,
      today,
      termStart,
      termEnd,
      line: name,
      amount: Number(amount),
    });
  }
  return rows;
}

const examples = workedExamples();

it('finds the worked examples in docs/api.md', () => {
  expect(examples.length).toBeGreaterThanOrEqual(PRICED_PLANS.length * 2);
});

it.each(examples.map((example) => [`${example.plan} ${example.line}`, example] as const))(
  'computes %s as docs/api.md shows it',
  (_name, example) => {
    const preview = previewPrice(example);
    expect(preview.plan).toBe(example.plan);
    expect((preview as unknown as Record<string, unknown>)[example.line]).toBe(example.amount);
  },
);
