import { currentDeadline, withDeadline } from '../../deadline';
import { callLimits, DEADLINE_MARGIN_MS } from './googleCalls';

// A Google call's own time limit (docs/configuration-google.md, "Time limits and retries").

it('is the usual limit outside a request, or when the deadline is further away', async () => {
  expect(callLimits(8000)).toEqual({ timeout: 8000 });
  await withDeadline(5000, async () => {
    expect(callLimits(200).timeout).toBe(200);
  });
});

it("runs out just after the request's deadline when that is nearer, so the deadline answers", async () => {
  await withDeadline(1000, async () => {
    const limits = callLimits(8000);
    const left = (currentDeadline()?.at ?? 0) - Date.now();
    expect(limits.timeout).toBeGreaterThanOrEqual(left + DEADLINE_MARGIN_MS);
    expect(limits.timeout).toBeLessThanOrEqual(1000 + DEADLINE_MARGIN_MS);
    expect(limits.signal).toBe(currentDeadline()?.signal);
  });
});
