// Counting how many Google round trips an operation waits for one after another (the benchmark's
// "sequential round trips"): the longest chain of calls where each starts after the previous ended.

export interface TimedCall {
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
}

export function sequentialRoundTrips(calls: readonly TimedCall[]): number {
  const byStart = [...calls].sort((a, b) => a.startedAt - b.startedAt);
  const depth: number[] = [];
  let longest = 0;
  byStart.forEach((call, index) => {
    let before = 0;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const previous = byStart[earlier];
      if (previous !== undefined && previous.endedAt <= call.startedAt) {
        before = Math.max(before, depth[earlier] ?? 0);
      }
    }
    depth[index] = before + 1;
    longest = Math.max(longest, before + 1);
  });
  return longest;
}
