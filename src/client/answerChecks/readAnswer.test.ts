import { delegateEntry, licenceEntry } from '../../testing/sampleAnswers';
import { readAnswer } from './readAnswer';

const readHistoryPage = (value: unknown) => readAnswer('history', value);

describe("readAnswer('history')", () => {
  it('reads a page of entries of every kind and its cursor', async () => {
    const page = {
      entries: [licenceEntry({ state: 'pending' }), delegateEntry({ kind: 'support-delegate' })],
      nextCursor: 'next',
    };
    expect(await readHistoryPage(page)).toEqual(page);
    expect(await readHistoryPage({ entries: [], nextCursor: null })).toEqual({
      entries: [],
      nextCursor: null,
    });
  });

  it('keeps only the fields of the contract', async () => {
    const read = await readHistoryPage({
      entries: [{ ...licenceEntry(), extra: 'x' }],
      nextCursor: null,
      extra: true,
    });
    expect(read).toEqual({ entries: [licenceEntry()], nextCursor: null });
  });

  it("keeps the fields of the entry's own kind, and drops another kind's", async () => {
    const read = await readHistoryPage({
      entries: [
        { ...licenceEntry(), action: 'add', member: 'a@b.example' },
        { ...delegateEntry({ kind: 'support-delegate' }), before: 3, after: 4 },
      ],
      nextCursor: null,
    });
    expect(read?.entries).toEqual([licenceEntry(), delegateEntry({ kind: 'support-delegate' })]);
  });

  it('copies: the answer it was given is left as it was', async () => {
    const entry = { ...licenceEntry(), extra: 'x' };
    const answer = { entries: [entry], nextCursor: 'n' };
    const read = await readHistoryPage(answer);
    expect(entry).toHaveProperty('extra', 'x');
    entry.after = 99;
    expect(read?.entries).toEqual([licenceEntry()]);
  });

  it.each([
    ['no entries list', { nextCursor: null }],
    ['a missing cursor', { entries: [] }],
    ['an empty cursor', { entries: [], nextCursor: '' }],
    ['an unknown kind', { entries: [{ ...licenceEntry(), kind: 'billing' }], nextCursor: null }],
    ['an unknown state', { entries: [{ ...licenceEntry(), state: 'lost' }], nextCursor: null }],
    ['a time that is not one', { entries: [licenceEntry({ at: 'yesterday' })], nextCursor: null }],
    ['totals as text', { entries: [{ ...licenceEntry(), after: '25' }], nextCursor: null }],
    [
      'a delegate change without a member',
      { entries: [{ ...delegateEntry(), member: undefined }], nextCursor: null },
    ],
    ['an unknown action', { entries: [{ ...delegateEntry(), action: 'move' }], nextCursor: null }],
    ['null', null],
    ['HTML', '<html>login</html>'],
  ])('refuses %s', async (_name, value) => {
    expect(await readHistoryPage(value)).toBeNull();
  });
});

describe("readAnswer('delegateList') and readAnswer('emailValidator')", () => {
  it('read what the contract says, without other fields', async () => {
    expect(await readAnswer('delegateList', { members: ['a@b.example'], more: 1 })).toEqual({
      members: ['a@b.example'],
    });
    expect(await readAnswer('emailValidator', { isGoogleAccount: false })).toEqual({
      isGoogleAccount: false,
    });
  });

  it.each([
    ['delegateList', { members: [3] }],
    ['delegateList', { members: 'a@b.example' }],
    ['emailValidator', { isGoogleAccount: 'yes' }],
    ['emailValidator', {}],
  ] as const)('%s refuses %j', async (name, value) => {
    expect(await readAnswer(name, value)).toBeNull();
  });
});
