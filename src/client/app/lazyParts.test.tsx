import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { lazyPart, usePrefetch } from './lazyParts';

// The screens and dialogs in their own chunks (docs/performance.md).

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

it('keeps a part mounted when its chunk arrives while it is on screen', async () => {
  let mounts = 0;
  function Dialog({ text }: { text: string }) {
    useEffect(() => {
      mounts += 1;
    }, []);
    return <p>{text}</p>;
  }
  const chunk = deferred<typeof Dialog>();
  const Part = lazyPart(() => chunk.promise);
  const view = render(
    <Suspense fallback={<p>loading</p>}>
      <Part text="first" />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeInTheDocument();
  await act(async () => chunk.resolve(Dialog));
  expect(screen.getByText('first')).toBeInTheDocument();

  // A new prop, as a dialog gets when its field changes: the same mounted dialog shows it.
  view.rerender(
    <Suspense fallback={<p>loading</p>}>
      <Part text="second" />
    </Suspense>,
  );
  expect(screen.getByText('second')).toBeInTheDocument();
  expect(mounts).toBe(1);
});

it('renders a preloaded part at once, without a suspended frame', async () => {
  const Part = lazyPart(() => Promise.resolve(({ text }: { text: string }) => <p>{text}</p>));
  await Part.preload();
  render(
    <Suspense fallback={<p>loading</p>}>
      <Part text="ready" />
    </Suspense>,
  );
  expect(screen.getByText('ready')).toBeInTheDocument();
  expect(screen.queryByText('loading')).toBeNull();
});

it('fetches a chunk that failed again on the next use', async () => {
  let attempts = 0;
  const Part = lazyPart(() => {
    attempts += 1;
    return attempts === 1
      ? Promise.reject(new Error('offline'))
      : Promise.resolve(() => <p>back online</p>);
  });
  await expect(Part.preload()).rejects.toThrow('offline');
  await Part.preload();
  expect(attempts).toBe(2);
});

describe('usePrefetch', () => {
  const idle: IdleRequestCallback[] = [];
  /** Runs the browser's next idle callback, and what its promises lead to. */
  const nextIdleMoment = () =>
    act(async () => {
      idle.shift()?.({ didTimeout: false, timeRemaining: () => 50 });
      await Promise.resolve();
    });

  beforeEach(() => {
    idle.length = 0;
    window.requestIdleCallback = (callback) => idle.push(callback);
    window.cancelIdleCallback = () => idle.splice(0);
  });

  afterEach(() => {
    cleanup();
    // jsdom has no idle callbacks of its own.
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  function partsAsked() {
    const asked: string[] = [];
    const part = (name: string, fails = false) => ({
      preload: () => {
        asked.push(name);
        return fails ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    });
    return { asked, parts: [part('menu'), part('confirm', true), part('history')] };
  }

  function Screen({ parts }: { parts: readonly { preload: () => Promise<unknown> }[] }) {
    usePrefetch(parts);
    return null;
  }

  it('asks for one part per idle moment, the next once the last has settled, failures included', async () => {
    const { asked, parts } = partsAsked();
    render(<Screen parts={parts} />);
    expect(asked).toEqual([]);
    await nextIdleMoment();
    expect(asked).toEqual(['menu']);
    await nextIdleMoment();
    expect(asked).toEqual(['menu', 'confirm']);
    await nextIdleMoment();
    expect(asked).toEqual(['menu', 'confirm', 'history']);
    expect(idle).toHaveLength(0);
  });

  it('asks for nothing more once the screen is gone', async () => {
    const { asked, parts } = partsAsked();
    const view = render(<Screen parts={parts} />);
    await nextIdleMoment();
    view.unmount();
    await nextIdleMoment();
    expect(asked).toEqual(['menu']);
  });
});
