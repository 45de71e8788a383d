import type { Db, Tx } from './connection';
import { DomainEvents } from './domain-events';
import { UnitOfWork, type Scope } from './unit-of-work';

export { APP_ROLE, type Scope } from './unit-of-work';

/**
 * One scoped transaction on a handle the caller holds: for the demo seed at boot and for tests, which
 * work on the owner connection. Request code, jobs and adapters use the UnitOfWork in AppDeps instead
 * (a lint rule keeps this module out of them). Domain events emitted here reach no subscriber.
 */
export function withScope<T>(db: Db, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const noListening = () => Promise.reject(new Error('withScope cannot listen'));
  const noProbe = () => Promise.reject(new Error('withScope cannot probe'));
  return new UnitOfWork({ db, listen: noListening, probe: noProbe }, new DomainEvents()).run(scope, ({ tx }) => fn(tx));
}
