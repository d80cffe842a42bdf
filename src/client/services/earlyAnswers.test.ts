import { getRequest, createHttpService, type FetchLike } from './http';
import { sendEarly, takeEarlyAnswer } from './earlyAnswers';

// An answer sent early is handed to the HTTP service for that very request, once, and to no other.

function countingFetch(status: number, text: string) {
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    return { status, text: async () => text };
  };
  return { fetch, urls };
}

describe('early answers (docs/performance.md)', () => {
  const request = getRequest(
    '/api/subscription-info',
    { email: 'a@acme.example' },
    { 'x-goog-token': 't' },
  );

  it('gives the HTTP service the early answer of the same GET instead of sending it again, once', async () => {
    const holder = {};
    const early = countingFetch(200, '{"skuName":"Early"}');
    sendEarly(request, early.fetch, holder);
    const later = countingFetch(200, '{"skuName":"Later"}');
    const http = createHttpService({
      fetch: later.fetch,
      takeEarlyAnswer: (sent) => takeEarlyAnswer(sent, holder),
    });
    const get = () =>
      http.get('/api/subscription-info', { email: 'a@acme.example' }, { 'x-goog-token': 't' });
    await expect(get()).resolves.toEqual({ skuName: 'Early' });
    expect(later.urls).toEqual([]);
    await expect(get()).resolves.toEqual({ skuName: 'Later' });
    expect(early.urls).toHaveLength(1);
    expect(later.urls).toHaveLength(1);
  });

  it('is not taken by a request that differs in its token, address or method', () => {
    const holder = {};
    sendEarly(request, countingFetch(200, '{}').fetch, holder);
    const other = (path: string, email: string, token: string) =>
      takeEarlyAnswer(getRequest(path, { email }, { 'x-goog-token': token }), holder);
    expect(other('/api/subscription-info', 'a@acme.example', 'other')).toBeUndefined();
    expect(other('/api/subscription-info', 'b@acme.example', 't')).toBeUndefined();
    expect(other('/api/email-validator', 'a@acme.example', 't')).toBeUndefined();
    expect(
      takeEarlyAnswer({ ...request, init: { ...request.init, method: 'POST' } }, holder),
    ).toBeUndefined();
    expect(takeEarlyAnswer(request, holder)).toBeDefined();
  });

  it('turns an early request that got no answer into the same failure as a late one', async () => {
    const holder = {};
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    sendEarly(request, () => Promise.reject(new TypeError('Failed to fetch')), holder);
    const http = createHttpService({ takeEarlyAnswer: (sent) => takeEarlyAnswer(sent, holder) });
    await expect(
      http.get('/api/subscription-info', { email: 'a@acme.example' }, { 'x-goog-token': 't' }),
    ).rejects.toEqual({ status: 0, body: null });
    // One left untaken is not reported as an unhandled rejection either.
    sendEarly(request, () => Promise.reject(new TypeError('Failed to fetch')), holder);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
