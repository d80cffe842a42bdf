import { promises as dns } from 'node:dns';

// MX lookups for the e-mail validator, bounded in time (MX_LOOKUP_TIMEOUT_MS) and, for testing,
// sent to the DNS servers PORTAL_DNS_SERVERS names (docs/configuration-google.md).

export interface MxRecord {
  exchange: string;
  priority: number;
}

export function createMxLookup(options: { servers?: readonly string[]; timeoutMs: number }) {
  return async (domain: string): Promise<MxRecord[]> => {
    // One resolver per lookup, so cancel() on timeout ends only this lookup's queries.
    const resolver = new dns.Resolver({ timeout: options.timeoutMs, tries: 1 });
    if (options.servers !== undefined) resolver.setServers([...options.servers]);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(Object.assign(new Error(`MX lookup of ${domain} timed out`), { code: 'ETIMEOUT' }));
      }, options.timeoutMs);
    });
    try {
      return await Promise.race([resolver.resolveMx(domain), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
