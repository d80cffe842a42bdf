import type {
  DelegateHistoryEntry,
  HistoryEntry,
  LicenceHistoryEntry,
} from '../../contract/history';

// Change-history entries as GET /api/history answers them (docs/api.md), for tests.

export function licenceEntry(overrides: Partial<LicenceHistoryEntry> = {}): LicenceHistoryEntry {
  return {
    id: 'h-licences-1',
    at: '2030-01-15T09:00:00.000Z',
    actor: 'admin@acme.example',
    requestId: 'req-1',
    state: 'done',
    kind: 'licences',
    before: 20,
    after: 25,
    ...overrides,
  };
}

export function delegateEntry(overrides: Partial<DelegateHistoryEntry> = {}): DelegateHistoryEntry {
  return {
    id: 'h-delegate-1',
    at: '2030-01-14T16:30:00.000Z',
    actor: 'admin@acme.example',
    requestId: 'req-2',
    state: 'done',
    kind: 'licence-delegate',
    action: 'add',
    member: 'x@acme.example',
    ...overrides,
  };
}

/** `count` licence adds, newest first, ids h-<start>…, each adding one licence. */
export function licenceEntries(count: number, start = 1): HistoryEntry[] {
  return Array.from({ length: count }, (_unused, index) => {
    const n = start + index;
    return licenceEntry({
      id: `h-${n}`,
      requestId: `req-${n}`,
      at: new Date(Date.UTC(2030, 0, 15, 9) - n * 60_000).toISOString(),
      before: 10_000 - n,
      after: 10_001 - n,
    });
  });
}
