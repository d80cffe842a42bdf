import { createRedaction, emailPseudonyms } from './redaction';

// Secrets become stable placeholders wherever they appear; e-mail local parts become pseudonyms
// whose order is the order of the real addresses.

it('replaces each learned secret everywhere, equal values with one placeholder', () => {
  const redaction = createRedaction();
  redaction.secret('access-token', 'tok.A');
  redaction.secret('access-token', 'tok.A');
  redaction.secret('xsrf-token', 'x/1+2');
  redaction.secret('access-token', 'tok.Atampered');
  redaction.secret('cookie', '');
  const redacted = redaction.apply({
    header: { 'x-goog-token': 'tok.A' },
    stored: '{"token":"tok.Atampered","expiry":1}',
    list: ['x/1+2', 'before tok.A after'],
    count: 3,
  });
  expect(redacted).toEqual({
    header: { 'x-goog-token': 'access-token-1' },
    // The longer secret is replaced whole, not as the shorter one plus a tail.
    stored: '{"token":"access-token-2","expiry":1}',
    list: ['xsrf-token-1', 'before access-token-1 after'],
    count: 3,
  });
  expect(redaction.placeholderOf('x/1+2')).toBe('xsrf-token-1');
});

it('leaves the input untouched and returns a copy', () => {
  const redaction = createRedaction();
  redaction.secret('access-token', 'secret');
  const input = { value: 'secret' };
  const output = redaction.apply(input);
  expect(input).toEqual({ value: 'secret' });
  expect(output).not.toBe(input);
});

it('pseudonymises local parts in sorted order, domains kept, the same for the same input', () => {
  const pseudonyms = emailPseudonyms(['zed@acme.example', 'ann@acme.example', 'zed@acme.example']);
  expect([...pseudonyms]).toEqual([
    ['ann@acme.example', 'person-01@acme.example'],
    ['zed@acme.example', 'person-02@acme.example'],
  ]);
  const redacted = createRedaction().apply(
    { members: ['ann@acme.example', 'zed@acme.example'], name: 'Delete zed@acme.example' },
    { pseudonymiseEmails: true },
  );
  expect(redacted).toEqual({
    members: ['person-01@acme.example', 'person-02@acme.example'],
    name: 'Delete person-02@acme.example',
  });
});

it('pseudonymises addresses by default, in any script, and keeps them only when asked', () => {
  const recorded = {
    members: ['jöhn@acme.example', 'ann@münchen.example', 'ζωή@acme.example'],
    text: 'Delete jöhn@acme.example',
  };
  const redacted = createRedaction().apply(recorded);
  expect(redacted).toEqual({
    // Sorted as the portal sorts: ann@m…, jöhn@a…, ζωή@a….
    members: ['person-02@acme.example', 'person-01@münchen.example', 'person-03@acme.example'],
    text: 'Delete person-02@acme.example',
  });
  expect(JSON.stringify(redacted)).not.toMatch(/jö|ζωή|ann@/);
  expect(createRedaction().apply(recorded, { pseudonymiseEmails: false })).toEqual(recorded);
});

it('pseudonymises customer and subscription ids, the same id alike wherever it stands', () => {
  const recorded = {
    subscription: { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' },
    other: { customerId: 'C0flex001' },
    request: { path: '/api/licence-delegate', query: { customer: 'C0acme001' } },
    url: '/licenses?customer=C0acme001',
    body: { customerId: 'C0acme001', subscriptionId: 'sub-acme-001', numberOfSeats: 21 },
    // A longer word that holds an id is not that id.
    note: 'C0acme0012 is another customer',
  };
  const redacted = createRedaction().apply(recorded);
  expect(redacted).toEqual({
    subscription: { customerId: 'customer-1', subscriptionId: 'subscription-1' },
    other: { customerId: 'customer-2' },
    request: { path: '/api/licence-delegate', query: { customer: 'customer-1' } },
    url: '/licenses?customer=customer-1',
    body: { customerId: 'customer-1', subscriptionId: 'subscription-1', numberOfSeats: 21 },
    note: 'C0acme0012 is another customer',
  });
  expect(createRedaction().apply(redacted)).toEqual(redacted);
  expect(createRedaction().apply(recorded, { pseudonymiseIds: false })).toEqual(recorded);
});
