import { delegateEntry, licenceEntry } from '../../../testing/sampleAnswers';
import { readHistoryPage } from './historyShape';

describe('readHistoryPage', () => {
  it('reads a page of entries of every kind and its cursor', () => {
    const page = {
      entries: [licenceEntry({ state: 'pending' }), delegateEntry({ kind: 'support-delegate' })],
      nextCursor: 'next',
    };
    expect(readHistoryPage(page)).toEqual(page);
    expect(readHistoryPage({ entries: [], nextCursor: null })).toEqual({
      entries: [],
      nextCursor: null,
    });
  });

  it('keeps only the fields of the contract', () => {
    const read = readHistoryPage({
      entries: [{ ...licenceEntry(), extra: 'x' }],
      nextCursor: null,
    });
    expect(read?.entries[0]).toEqual(licenceEntry());
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
  ])('refuses %s', (_name, value) => {
    expect(readHistoryPage(value)).toBeNull();
  });
});
