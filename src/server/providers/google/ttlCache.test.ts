import { createTtlCache } from './ttlCache';

// The cache of Google's answers: bounded, short-lived, shared by readers asking at once, and never
// keeping a failure, a dropped answer or a null (docs/configuration-google.md).

const TTL_MS = 15_000;

/** A call that answers when the test says, counting how often it was made. */
function controlledLoad<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { load, pending };
}

let clock: number;
const now = () => clock;
beforeEach(() => {
  clock = 1_000;
});

describe('the bound', () => {
  it('keeps at most maxEntries answers, the least recently used leaving first', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 2, now });
    const loads: string[] = [];
    const read = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return { key };
      });
    await read('customer:a.example');
    await read('customer:b.example');
    await read('customer:a.example');
    await read('customer:c.example');
    expect(loads).toEqual(['customer:a.example', 'customer:b.example', 'customer:c.example']);
    await read('customer:a.example');
    await read('customer:c.example');
    await read('customer:b.example');
    expect(loads.slice(3)).toEqual(['customer:b.example']);
  });

  it('keeps no null answer, so unknown domains take no place', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 2, now });
    const known = jest.fn(async () => ({ customerId: 'C0acme001' }));
    await cache.get('customer:acme.example', known);
    const unknown = jest.fn(async () => null);
    for (let domain = 0; domain < 5; domain += 1) {
      await expect(cache.get(`customer:nobody-${domain}.example`, unknown)).resolves.toBeNull();
    }
    await expect(cache.get('customer:nobody-0.example', unknown)).resolves.toBeNull();
    expect(unknown).toHaveBeenCalledTimes(6);
    await cache.get('customer:acme.example', known);
    expect(known).toHaveBeenCalledTimes(1);
  });

  it('shares a null answer between readers asking at once', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 2, now });
    const { load, pending } = controlledLoad<null>();
    const first = cache.get('customer:nobody.example', load);
    const second = cache.get('customer:nobody.example', load);
    pending[0]?.resolve(null);
    await expect(Promise.all([first, second])).resolves.toEqual([null, null]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the contract it keeps', () => {
  it('reuses an answer until ttlMs has passed', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 10, now });
    const load = jest.fn(async () => ['a@acme.example']);
    await cache.get('members:g', load);
    clock += TTL_MS;
    await cache.get('members:g', load);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 1;
    await cache.get('members:g', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets readers asking at once share one call, even with caching off', async () => {
    const cache = createTtlCache({ ttlMs: 0, maxEntries: 10, now });
    const { load, pending } = controlledLoad<string[]>();
    const first = cache.get('members:g', load);
    const second = cache.get('members:g', load);
    pending[0]?.resolve(['a@acme.example']);
    await expect(Promise.all([first, second])).resolves.toEqual([
      ['a@acme.example'],
      ['a@acme.example'],
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    const third = cache.get('members:g', load);
    pending[1]?.resolve([]);
    await expect(third).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failure', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 10, now });
    const { load, pending } = controlledLoad<string[]>();
    const failed = cache.get('members:g', load);
    pending[0]?.reject(new Error('backendError'));
    await expect(failed).rejects.toThrow('backendError');
    const next = cache.get('members:g', load);
    pending[1]?.resolve(['a@acme.example']);
    await expect(next).resolves.toEqual(['a@acme.example']);
  });

  it('answers the readers of a call dropped meanwhile, without keeping its answer', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 10, now });
    const { load, pending } = controlledLoad<string[]>();
    const before = cache.get('members:g', load);
    cache.drop('members:g');
    pending[0]?.resolve(['old@acme.example']);
    await expect(before).resolves.toEqual(['old@acme.example']);
    const after = cache.get('members:g', load);
    pending[1]?.resolve(['new@acme.example']);
    await expect(after).resolves.toEqual(['new@acme.example']);
  });

  it('forgets everything on clear', async () => {
    const cache = createTtlCache({ ttlMs: TTL_MS, maxEntries: 10, now });
    const load = jest.fn(async () => 'answer');
    await cache.get('a', load);
    await cache.get('b', load);
    cache.clear();
    await cache.get('a', load);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
