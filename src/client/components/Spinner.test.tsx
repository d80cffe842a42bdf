import { act, render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

// A screen's spinner waits before it shows, so code that arrives quickly flashes nothing
// (docs/performance.md); other spinners show at once.

afterEach(() => {
  jest.useRealTimers();
});

test('a spinner with no delay is announced at once', () => {
  render(<Spinner size="large" label="Loading your subscription" />);
  expect(screen.getByRole('status', { name: 'Loading your subscription' })).toBeInTheDocument();
});

test('a delayed spinner draws nothing until its delay has passed, then is announced', () => {
  jest.useFakeTimers();
  render(<Spinner size="large" label="Loading the page" delayMs={300} />);
  act(() => {
    jest.advanceTimersByTime(299);
  });
  expect(screen.queryByRole('status')).toBeNull();
  act(() => {
    jest.advanceTimersByTime(1);
  });
  expect(screen.getByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
});
