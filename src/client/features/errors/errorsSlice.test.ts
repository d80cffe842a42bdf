import { errorDialogShown, forbiddenErrorStored } from '../../events/portalEvents';
import { errorDialogClosed, errorsReducer, initialErrorsState } from './errorsSlice';

describe('errors reducer', () => {
  it('starts with isForbidden false and nothing stored (docs/behaviour.md 3)', () => {
    expect(errorsReducer(undefined, { type: '@@test/init' })).toEqual({
      isForbidden: false,
      stored: null,
      dialogMessage: null,
    });
  });

  it('stores the forbidden error as plain data', () => {
    const state = errorsReducer(
      initialErrorsState,
      forbiddenErrorStored({ message: 'Denied', details: 'Because' }),
    );
    expect(state).toMatchObject({
      isForbidden: true,
      stored: { message: 'Denied', details: 'Because' },
    });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('opens and closes the error dialog', () => {
    const open = errorsReducer(initialErrorsState, errorDialogShown({ message: 'Oops' }));
    expect(open.dialogMessage).toBe('Oops');
    expect(errorsReducer(open, errorDialogClosed()).dialogMessage).toBeNull();
  });
});
