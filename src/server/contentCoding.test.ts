import { preferredContentCoding } from './contentCoding';

// The page's compression follows the client's Accept-Encoding weights (docs/performance.md).

const OFFERED = ['br', 'gzip'] as const;

describe('preferredContentCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['  ', null],
    ['deflate', null],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip;q=1, br;q=0.999', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br ; q=0.2 , gzip ; q=0.3', 'gzip'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    ['br;level=11, gzip;q=0.9', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['br;q=0, br;q=0.8', 'br'],
  ])('Accept-Encoding %p → %p', (header, expected) => {
    expect(preferredContentCoding(header, OFFERED, 'gzip')).toBe(expected);
  });
});
