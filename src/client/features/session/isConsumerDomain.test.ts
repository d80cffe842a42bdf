import consumerDomains from './consumerDomains.json';
import { CONSUMER_DOMAIN_COUNT, isConsumerDomain, isConsumerEmail } from './isConsumerDomain';

const ABOUT_250 = { min: 225, max: 275 };
const allDomains = Object.values(consumerDomains).flat();

describe('consumer-domain list (docs/behaviour.md 5, docs/behaviour.md 9)', () => {
  it('holds about 250 distinct lower-case domains in four groups', () => {
    expect(Object.keys(consumerDomains).sort()).toEqual([
      'disposable',
      'novelty',
      'privacy',
      'webmail',
    ]);
    expect(CONSUMER_DOMAIN_COUNT).toBe(allDomains.length);
    expect(CONSUMER_DOMAIN_COUNT).toBeGreaterThanOrEqual(ABOUT_250.min);
    expect(CONSUMER_DOMAIN_COUNT).toBeLessThanOrEqual(ABOUT_250.max);
    for (const domain of allDomains) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });

  it.each(['gmail.com', 'yahoo.co.uk', 'proton.me', 'mailinator.com', 'yopmail.com', 'lawyer.com'])(
    'rejects %s',
    (domain) => expect(isConsumerDomain(domain)).toBe(true),
  );

  it('matches case-insensitively, with a trailing dot, and subdomains of listed domains', () => {
    expect(isConsumerEmail('Someone@GMAIL.COM')).toBe(true);
    expect(isConsumerDomain('gmail.com.')).toBe(true);
    expect(isConsumerDomain('eu.mailinator.com')).toBe(true);
  });

  it.each([
    'acme.example',
    'flex.example',
    'example.com',
    'gmail.company.example',
    'notgmail.com',
    'acme.com',
  ])('lets the business domain %s through', (domain) =>
    expect(isConsumerDomain(domain)).toBe(false),
  );

  it('lets an address without a domain through to the other checks', () => {
    expect(isConsumerEmail('no-at-sign')).toBe(false);
  });
});
