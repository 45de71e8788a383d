import type { UnitOfWork, Work } from '../db/unit-of-work';
import type { Config } from '../config';
import type { Secrets } from '../secrets';
import type { FileStorage } from '../adapters/storage/storage';
import type { PaymentProvider } from '../adapters/payments/payments';
import type { EmailSender } from '../adapters/email/email';
import type { AiWriter } from '../adapters/ai/ai';
import type { TxtResolver } from '../adapters/dns/dns';
import type { PushSender } from '../adapters/push/push';
import type { TenantResolver, ResolvedTenant } from '../modules/tenants';
import type { CatalogueCache } from '../modules/catalogue';
import type { MemberRole, Permission } from '../../shared/roles';
import type { JobRunner } from '../modules/jobs';
import type { FirstViewRenderer } from './first-view';

/** The signed-in person behind a request, from the session cookie. */
export interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  isOwner: boolean;
  /** Platform sales (users.is_platform_sales) or an owner: may use the platform's own CRM (decision 027). */
  isSales: boolean;
  activeTenantId: string | null;
  /**
   * The account signs in in two steps (issue 26): a store that requires it lets only such accounts into
   * its admin. Set for sessions; left out by actors a job makes for itself (no HTTP guard sees them).
   */
  twoStep?: boolean;
}

/**
 * What every service and repo function takes first (DESIGN rule 1): the unit of work's transaction,
 * its afterCommit and emit, and who it acts for.
 */
export interface Ctx extends Work {
  tenantId: string | null;
  actor: Actor | null;
}

/** A context proven to belong to one tenant, with the actor's role there. */
export interface TenantCtx extends Ctx {
  tenantId: string;
  actor: Actor;
  role: MemberRole | null;
  /** What the actor may do here (issue 27): every permission for owners, admins and platform owners. */
  permissions: readonly Permission[];
}

/**
 * A CRM request's scope (decision 027): tenantId set for a store's own sales book (its members, with
 * their role), null for the platform's own book (platform sales and owners; role null).
 */
export interface CrmCtx extends Ctx {
  tenantId: string | null;
  actor: Actor;
  role: MemberRole | null;
}

/**
 * A guarded unit of work a route hands a service: runs fn in one transaction with the ctx the guard
 * proved (asStoreManager, inStore), so the service needs no FastifyRequest.
 */
export type InScope<C extends Ctx> = <T>(fn: (ctx: C) => Promise<T>) => Promise<T>;

/** A storefront request: the store named by the Host header, and whoever is signed in (maybe nobody). */
export interface StoreCtx extends Ctx {
  tenantId: string;
}

/**
 * The least a store's queries need: its transaction, and which store (every query names it too).
 * StoreCtx, TenantCtx and a job's scoped work all are one; the one name for it (issue 27 item 11).
 */
export type StoreTx = Pick<StoreCtx, 'tx' | 'tenantId'>;

/**
 * The least a query needs that names no one store (look-ups across stores, platform rows): the scoped
 * transaction, row-level security still in force. Every ctx and a job's work are one.
 */
export type ScopedTx = Pick<Ctx, 'tx'>;

export interface AppDeps {
  /** The only way requests reach the database (DESIGN rule 10); never the owner connection. */
  scopes: UnitOfWork;
  config: Config;
  secrets: Secrets;
  tenants: TenantResolver;
  storage: FileStorage;
  payments: PaymentProvider;
  email: EmailSender;
  /** AI copy and Store Brain wording (built-in writer or an OpenAI-compatible API). */
  ai: AiWriter;
  /** DNS TXT lookups that verify sending domains (node:dns, or a fake in tests). */
  dns: TxtResolver;
  /** This instance's cache of public catalogue reads; buildApp keeps it following committed writes. */
  catalogueCache: CatalogueCache;
  /** Web push: the VAPID public key and sending (web-push, or kept in memory). */
  push: PushSender;
  /**
   * Renders the storefront's first view on the server (issue 29; dist/ssr, loaded by main.ts). Absent
   * or null: store pages are served as the bare app, which fetches for itself.
   */
  firstView?: FirstViewRenderer | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Pushes that follow committed events and are still on their way (tests and shutdown wait for them). */
    pushDeliveries: { idle(): Promise<void> };
    /** Background jobs (product imports): kick() after queueing one, drain() in tests, start() in main. */
    jobs: JobRunner;
  }
  interface FastifyContextConfig {
    /**
     * The route answers the same whoever asks (public catalogue reads): the session cookie is not looked
     * up, so a signed-in shopper's cached read costs no database round trip.
     */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    /** The tenant the Host header names, or null on the platform host. */
    tenant: ResolvedTenant | null;
    actor: Actor | null;
  }
}
