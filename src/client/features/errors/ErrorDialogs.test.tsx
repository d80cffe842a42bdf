import { act, within } from '@testing-library/react';
import { errorDialogShown } from '../../events/portalEvents';
import { findDialog } from '../../../testing/client/dialogs';
import { renderWithProviders } from '../../../testing/client/renderWithProviders';

// The error dialog through the whole portal (docs/behaviour.md 8).

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

describe('the error dialog', () => {
  it('shows any message as text, never as markup', async () => {
    const { store } = renderWithProviders();
    act(() => {
      store.dispatch(errorDialogShown({ message: '<img src=x onerror="alert(1)"> failed' }));
    });
    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText('<img src=x onerror="alert(1)"> failed')).toBeInTheDocument();
    expect(error.querySelector('img')).toBeNull();
  });
});
