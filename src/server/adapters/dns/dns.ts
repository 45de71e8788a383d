import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config';

/**
 * DNS TXT lookups (DESIGN rule 7), for checking a store's sending-domain records. The default asks the
 * machine's resolver through node:dns, or the servers in EMAIL_DNS_SERVERS; tests use FakeTxtResolver.
 */
export interface TxtResolver {
  /**
   * The TXT records at `name`, each as its character-strings (a long value such as a DKIM key is split
   * into strings of at most 255 bytes). A name with no TXT records answers []. Other failures
   * (timeout, SERVFAIL) throw: the caller cannot tell whether the record is there.
   */
  resolveTxt(name: string): Promise<string[][]>;
}

/** Answers that mean "there is no such record", not "we could not ask". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

export class NodeTxtResolver implements TxtResolver {
  private readonly resolver: Resolver;

  constructor(servers: string[] = [], opts: { timeoutMs?: number; tries?: number } = {}) {
    this.resolver = new Resolver({ timeout: opts.timeoutMs ?? 5000, tries: opts.tries ?? 2 });
    if (servers.length) this.resolver.setServers(servers);
  }

  async resolveTxt(name: string): Promise<string[][]> {
    try {
      return await this.resolver.resolveTxt(name);
    } catch (err) {
      if (ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) return [];
      throw err;
    }
  }
}

export function createTxtResolver(config: Pick<Config, 'emailDnsServers'>): TxtResolver {
  return new NodeTxtResolver(config.emailDnsServers);
}
