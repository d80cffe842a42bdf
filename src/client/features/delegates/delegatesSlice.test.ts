import {
  delegatesReducer,
  dialogClosed,
  dialogOpened,
  initialDelegatesState,
  inputChanged,
  memberAdded,
  memberAddRequested,
  memberChangeFailed,
  memberDeleted,
  memberDeleteRequested,
  membersLoaded,
  membersLoadFailed,
  type DelegatesState,
} from './delegatesSlice';

const withLicenceList = (members: string[], input = ''): DelegatesState => ({
  ...initialDelegatesState,
  licence: { open: true, status: 'ready', members, input },
});

describe('delegates reducer', () => {
  it('starts with both dialogs closed and no loader', () => {
    expect(delegatesReducer(undefined, { type: '@@test/init' })).toEqual(initialDelegatesState);
    expect(initialDelegatesState.changing).toBe(false);
  });

  it('opens a dialog loading, then shows the list sorted', () => {
    const loading = delegatesReducer(initialDelegatesState, dialogOpened({ kind: 'support' }));
    expect(loading.support).toEqual({ open: true, status: 'loading', members: [], input: '' });
    expect(loading.licence.open).toBe(false);
    const ready = delegatesReducer(
      loading,
      membersLoaded({ kind: 'support', members: ['z@a.example', 'b@a.example'] }),
    );
    expect(ready.support).toMatchObject({
      status: 'ready',
      members: ['b@a.example', 'z@a.example'],
    });
    expect(delegatesReducer(loading, membersLoadFailed({ kind: 'support' })).support.status).toBe(
      'ready',
    );
  });

  it('closing forgets the list and the input', () => {
    const state = withLicenceList(['a@a.example'], 'typed');
    expect(delegatesReducer(state, dialogClosed({ kind: 'licence' })).licence).toEqual(
      initialDelegatesState.licence,
    );
  });

  it('keeps what is typed', () => {
    const state = delegatesReducer(
      withLicenceList([]),
      inputChanged({ kind: 'licence', value: 'new@a.example' }),
    );
    expect(state.licence.input).toBe('new@a.example');
  });

  it('shows the loader for a valid add only (docs/behaviour.md 5: an invalid add does nothing)', () => {
    const state = withLicenceList([], 'x');
    expect(
      delegatesReducer(state, memberAddRequested({ kind: 'licence', email: 'n@a.example' }))
        .changing,
    ).toBe(true);
    expect(delegatesReducer(state, memberAddRequested({ kind: 'licence', email: 'x' }))).toEqual(
      state,
    );
    expect(
      delegatesReducer(state, memberDeleteRequested({ kind: 'licence', email: 'a@a.example' }))
        .changing,
    ).toBe(true);
  });

  it('adds locally: appended, sorted, input cleared, loader off (docs/behaviour.md 4)', () => {
    const state = {
      ...withLicenceList(['a@a.example', 'c@a.example'], 'b@a.example'),
      changing: true,
    };
    const next = delegatesReducer(state, memberAdded({ kind: 'licence', email: 'b@a.example' }));
    expect(next.licence.members).toEqual(['a@a.example', 'b@a.example', 'c@a.example']);
    expect(next.licence.input).toBe('');
    expect(next.changing).toBe(false);
  });

  it('deletes locally', () => {
    const state = { ...withLicenceList(['a@a.example', 'b@a.example']), changing: true };
    const next = delegatesReducer(state, memberDeleted({ kind: 'licence', email: 'a@a.example' }));
    expect(next.licence.members).toEqual(['b@a.example']);
    expect(next.changing).toBe(false);
  });

  it('a failed change turns the loader off and clears the input', () => {
    const state = { ...withLicenceList(['a@a.example'], 'a@a.example'), changing: true };
    const cleared = delegatesReducer(state, memberChangeFailed({ kind: 'licence' }));
    expect(cleared.licence).toMatchObject({ members: ['a@a.example'], input: '' });
    expect(cleared.changing).toBe(false);
  });
});
