import { delegateEntry, licenceEntry, sampleCharge } from '../../../testing/sampleAnswers';
import { historyCsv, historyCsvFileName } from './historyCsv';

const HEADER = '"When (UTC)","Who","What","Kind","State","Request id"';
/** The charge's seven cells of a change without one. */
const NO_CHARGE = ',""'.repeat(7);

describe('historyCsv', () => {
  it('writes a header and one row per entry, CRLF-separated, with a byte-order mark', () => {
    const csv = historyCsv([
      licenceEntry({ charge: { ...sampleCharge(), seats: 5, amountMinor: 29826 } }),
      delegateEntry({ kind: 'support-delegate', action: 'delete', state: 'pending' }),
      licenceEntry({ charge: null }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // The charge under its contract names, amounts in integer minor units (docs/api.md, Money).
    expect(csv.slice(1).split('\r\n')).toEqual([
      `${HEADER},"currency","unitPriceMinor","seats","period","amountMinor","termEnd","priceVersion"`,
      '"2030-01-15T09:00:00.000Z","admin@acme.example","Added 5 licenses (20 → 25)","licences","done","req-1","EUR","1440","5","month","29826","2027-03-31","sandbox-2026-11"',
      `"2030-01-14T16:30:00.000Z","admin@acme.example","Removed support access from x@acme.example","support-delegate","pending","req-2"${NO_CHARGE}`,
      `"2030-01-15T09:00:00.000Z","admin@acme.example","Added 5 licenses (20 → 25)","licences","done","req-1"${NO_CHARGE}`,
      '',
    ]);
  });

  it('defuses a delegate address that starts like a formula, in the address and in the words', () => {
    const csv = historyCsv([delegateEntry({ member: '=cmd|calc@x.io', actor: '+1@acme.example' })]);
    const row = csv.split('\r\n')[1];
    expect(row).toBe(
      `"2030-01-14T16:30:00.000Z","'+1@acme.example","Gave license management access to =cmd|calc@x.io","licence-delegate","done","req-2"${NO_CHARGE}`,
    );
  });

  it('writes only the header for an empty list', () => {
    expect(historyCsv([])).toBe(
      `\uFEFF${HEADER},"currency","unitPriceMinor","seats","period","amountMinor","termEnd","priceVersion"\r\n`,
    );
  });
});

describe('historyCsvFileName', () => {
  it('names the domain, the filter and the day', () => {
    const now = Date.UTC(2030, 0, 15, 23, 59);
    expect(historyCsvFileName('acme.example', 'licences', now)).toBe(
      'change-history-acme.example-licences-2030-01-15.csv',
    );
    expect(historyCsvFileName('acme.example', null, now)).toBe(
      'change-history-acme.example-all-2030-01-15.csv',
    );
    expect(historyCsvFileName('a/b\\c', null, now)).toBe('change-history-a_b_c-all-2030-01-15.csv');
  });
});
