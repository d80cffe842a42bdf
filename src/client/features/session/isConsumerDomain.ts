import { domainOf } from '../../../contract/email';
import consumerDomains from './consumerDomains.json';

// Consumer, free, privacy, disposable and novelty mail domains are sent to the contact page
// without any server check (docs/behaviour.md 5); the curated list is a data file.
const CONSUMER_DOMAINS: ReadonlySet<string> = new Set(
  [
    ...consumerDomains.webmail,
    ...consumerDomains.privacy,
    ...consumerDomains.disposable,
    ...consumerDomains.novelty,
  ].map((domain) => domain.toLowerCase()),
);

/** True for a listed domain and for any subdomain of one (mail.yandex.ru, eu.mailinator.com). */
export function isConsumerDomain(domain: string): boolean {
  let candidate = domain.trim().toLowerCase().replace(/\.$/, '');
  while (candidate.length > 0) {
    if (CONSUMER_DOMAINS.has(candidate)) return true;
    const dot = candidate.indexOf('.');
    if (dot < 0) return false;
    candidate = candidate.slice(dot + 1);
  }
  return false;
}

export function isConsumerEmail(email: string): boolean {
  return isConsumerDomain(domainOf(email));
}

export const CONSUMER_DOMAIN_COUNT = CONSUMER_DOMAINS.size;
