import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './http/context';
import './http/context';
import { registerErrorHandler } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { registerBodylessRequests } from './http/bodyless-requests';
import { failOnResponseDrift } from './http/response-drift';
import { checkOrigin } from './http/origin';
import { registerWebApp } from './http/spa';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStoreClosed } from './http/store-closed';
import { openingSoonPage, registerOpeningSoon } from './http/opening-soon';
import { setupRoutes } from './modules/setup';
import { pageStarterHooks, policyRoutes, storePromises } from './modules/policies';
import { isInfrastructureCall, registerHealthRoutes } from './http/health';
import { loadActor } from './modules/accounts';
import { sessionToken } from './modules/accounts';
import { authRoutes } from './modules/accounts';
import { tenantRoutes, tlsAskRoutes } from './modules/tenants';
import { platformRoutes } from './modules/platform';
import { reviewRoutes } from './modules/reviews';
import { storeSettingsRoutes } from './modules/tenants';
import { adminRoutes } from './modules/accounts';
import { adminCategoryRoutes } from './modules/catalogue';
import { adminProductRoutes } from './modules/catalogue';
import { catalogRoutes } from './modules/catalogue';
import { cartRoutes } from './modules/orders';
import { orderRoutes } from './modules/orders';
import { adminEmailRoutes, emailSettingsRoutes } from './modules/emails';
import { stockRoutes } from './modules/inventory';
import { aiRoutes } from './modules/ai';
import { adminOrderRoutes, vatRoutes } from './modules/orders';
import { adminShippingRoutes } from './modules/orders';
import { adminDiscountRoutes } from './modules/discounts';
import { checkoutRecoveryRoutes, registerCheckoutRecovery } from './modules/orders';
import { dashboardRoutes } from './modules/dashboard';
import { connectRoutes } from './modules/payments';
import { InFlight, pushPaidOrders, pushRoutes, pushShippedOrders } from './modules/notifications';
import { registerTestGatewayRoutes } from './adapters/payments/provider';
import { fileRoutes } from './adapters/storage/routes';
import { mediaRoutes } from './modules/catalogue';
import { catalogueMediaUsages, cataloguePictureUrls, seoRoutes } from './modules/catalogue';
import { CATALOGUE_PAGE_ROUTES } from './modules/catalogue';
import { CONTENT_PAGE_ROUTES, menuMediaUsages, navigationRoutes, pageMediaUsages, pageRoutes, publishedPagePaths, renderStorePage } from './modules/content';
import { libraryPictureUrls, mediaLibraryRoutes, PictureJob } from './modules/media';
import { ImportJob, importRoutes } from './modules/imports';
import { applyQuoteDepositEvent, crmRoutes, publicQuoteRoutes, quoteStraySubject, renderQuotePageHead } from './modules/crm';
import { orderStraySubject } from './modules/orders';
import type { StrayRefundDeps, StraySubject, StraySubjectKind } from './modules/payments';
import { accountSettingsRoutes, invitationRoutes, passwordResetRoutes, twoStepRoutes } from './modules/accounts';
import { JobRunner, type JobRunnerOptions } from './modules/jobs';
import { registerHousekeeping } from './modules/housekeeping';
import { adminCustomerRoutes, recordStoreAccount, savedAddressRoutes, privacyRoutes } from './modules/customers';
import { enforceAdminAccess } from './http/access';
import { requestIdOptions } from './http/request-id';
import { installObservability } from './observability';

/** The largest request body read, JSON or (for a GET that sends one) thrown away. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
  /** Pino's options: a level, and (tests) where the lines go. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Sees every route as it is registered (the input fuzz test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests: fail any answer a response schema changed (a field the schema forgot). */
  failOnResponseDrift?: boolean;
  /** The job runner's lease and worker name (tests: short leases, two named instances). */
  jobs?: Partial<Omit<JobRunnerOptions, 'log'>> & { chunkProducts?: number };
}

/** Builds the Fastify app around already-opened dependencies (database, config, secrets). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...requestIdOptions(deps.config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  // Request ids on every answer, metrics when they are served, traces flushed at close (decision 055).
  installObservability(app);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  if (opts.failOnResponseDrift) failOnResponseDrift(app);
  // Every instance hears every committed catalogue write (its own and other instances'), until it closes.
  app.addHook('onClose', await deps.catalogueCache.follow(deps.scopes, app.log));
  // The same for the host cache: a store renamed or given new details on any instance (migration 0013).
  app.addHook('onClose', await deps.tenants.follow(deps.scopes, app.log));
  // The host cache carries each store's promises, which the policies module reads.
  deps.tenants.usePromises(storePromises);
  subscribeToDomainEvents(app, deps);
  app.decorate('jobs', backgroundJobs(app, deps, opts.jobs));
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);
  registerErrorHandler(app);
  registerBodylessRequests(app, BODY_LIMIT_BYTES);
  registerInputGuard(app);
  // JSON only: a plain-text body is refused with 415 (also closes the "simple request" CSRF route).
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie, { secret: deps.secrets.cookieSecret });
  registerSecurityHeaders(app);

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/assets/') || isInfrastructureCall(req.url)) return;
    checkOrigin(req);
    req.tenant = await deps.tenants.resolve(req.headers.host);
    const token = sessionToken(req);
    if (token && req.url.startsWith('/api/') && !req.routeOptions.config.anonymous) req.actor = await loadActor({ scopes: deps.scopes, config: deps.config }, token);
  });
  registerStoreClosed(app);
  // Store-admin routes: who may call each (http/access.ts), checked before the input is read.
  enforceAdminAccess(app);
  registerOpeningSoon(app);

  registerHealthRoutes(app);
  await app.register(tlsAskRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(twoStepRoutes);
  await app.register(savedAddressRoutes);
  await app.register(privacyRoutes);
  await app.register(tenantRoutes);
  await app.register(platformRoutes);
  await app.register(storeSettingsRoutes);
  await app.register(setupRoutes);
  await app.register(policyRoutes);
  await app.register(adminRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminProductRoutes);
  await app.register(catalogRoutes);
  await app.register(reviewRoutes);
  await app.register(cartRoutes);
  // A quote's deposit comes back through the payment webhook; the CRM applies it (decision 028).
  await app.register(orderRoutes, { quoteDeposits: (event) => applyQuoteDepositEvent(strayRefundDeps(deps, app.log), event) });
  await app.register(adminEmailRoutes);
  await app.register(emailSettingsRoutes);
  await app.register(stockRoutes);
  await app.register(mediaRoutes);
  await app.register(mediaLibraryRoutes, { usages: [catalogueMediaUsages, pageMediaUsages, menuMediaUsages] });
  await app.register(navigationRoutes);
  await app.register(pageRoutes, { starters: pageStarterHooks });
  await app.register(importRoutes);
  await app.register(crmRoutes);
  await app.register(publicQuoteRoutes);
  await app.register(invitationRoutes);
  await app.register(aiRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(vatRoutes);
  await app.register(adminShippingRoutes);
  await app.register(adminDiscountRoutes);
  await app.register(checkoutRecoveryRoutes);
  await app.register(dashboardRoutes);
  await app.register(connectRoutes);
  await app.register(pushRoutes);
  await registerTestGatewayRoutes(app, deps.payments);
  await app.register(fileRoutes);
  await app.register(seoRoutes, { extraSitemapPaths: publishedPagePaths });
  // The proposal page (/quote/{uniqueUrl}) has its own head, 404 and view count; every other page the store's.
  const renderHead = async (req: FastifyRequest, html: string) =>
    req.openingSoon ? openingSoonPage(req, html) : ((await renderQuotePageHead(req, html)) ?? renderStorePage(req, html, opts.webDir ?? null));
  await registerWebApp(app, opts.webDir, renderHead, [...CATALOGUE_PAGE_ROUTES, ...CONTENT_PAGE_ROUTES, '/quote/:uniqueUrl']);
  return app;
}

/**
 * What refunding a payment the shop does not keep needs (decision 029), read from deps when called
 * (tests swap the payment provider on deps).
 */
export function strayRefundDeps(deps: AppDeps, log: FastifyBaseLogger): StrayRefundDeps {
  return { scopes: deps.scopes, payments: deps.payments, email: deps.email, log, platformOwnerEmails: deps.config.platformOwnerEmails };
}

/** The orders and quotes whose stray payments the payments module refunds: each module's own handler. */
export const STRAY_SUBJECTS: Record<StraySubjectKind, StraySubject> = { order: orderStraySubject, quote: quoteStraySubject };

/** This instance's job runner with every kind of job registered; main.ts starts its polling. */
function backgroundJobs(app: FastifyInstance, deps: AppDeps, options: BuildOptions['jobs'] = {}): JobRunner {
  const { chunkProducts, ...runner } = options;
  const jobs = new JobRunner(deps.scopes, { ...runner, log: app.log });
  // Storage and config are read when a job runs (tests swap them on deps).
  const imports = new ImportJob({
    scopes: deps.scopes,
    get storage() {
      return deps.storage;
    },
    images: deps.config.importFetch,
    chunkProducts,
  });
  jobs.register('product_import', imports.run, imports.giveUp);
  // Resized copies of every stored picture (decision 052), and the one-off backfill of older ones.
  const pictures = new PictureJob({
    scopes: deps.scopes,
    get storage() {
      return deps.storage;
    },
    sources: [libraryPictureUrls, cataloguePictureUrls],
  });
  jobs.register('picture_variants', pictures.run, pictures.giveUp);
  jobs.register('picture_backfill', pictures.backfill, pictures.giveUpBackfill);
  // Abandoned checkout recovery emails (decision 048): a pass every minute on every instance.
  registerCheckoutRecovery(
    jobs,
    {
      scopes: deps.scopes,
      get email() {
        return deps.email;
      },
      hourMs: deps.config.checkoutRecovery.hourMs,
    },
    deps.config.checkoutRecovery.everyMs,
  );
  // The daily housekeeping (decision 056): every instance asks now and then; one runs it each day.
  registerHousekeeping(jobs, {
    scopes: deps.scopes,
    get storage() {
      return deps.storage;
    },
    emailRetentionDays: deps.config.emailRetentionDays,
    log: app.log,
    workerId: jobs.workerId,
  });
  app.addHook('onClose', () => jobs.close());
  return jobs;
}

/**
 * What follows a committed change, in one place (DESIGN rule 10): services emit domain events on their
 * unit of work and never call these by hand. Mail needs no subscriber: the sender registers its own
 * delivery on the unit of work when the message is recorded.
 */
function subscribeToDomainEvents(app: FastifyInstance, deps: AppDeps): void {
  const { events } = deps.scopes;
  const pushes = new InFlight();
  app.decorate('pushDeliveries', pushes);
  // deps.push is read at each event (a getter), as every route reads it: tests swap the sender.
  const pushDeps = { scopes: deps.scopes, get push() { return deps.push; }, log: app.log };
  const off = [
    // This instance's own next read is fresh at once; the database's notification (which arrives after
    // the answer) tells the other instances.
    events.on('catalogue.changed', (e) => deps.catalogueCache.invalidate(e.tenantId)),
    // A paid order took stock: the storefront's cached "In Stock" answers must not outlive it.
    events.on('order.paid', (e) => deps.catalogueCache.invalidate(e.tenantId)),
    // The store's staff hear of each paid order, a signed-in shopper of their order's shipping (pushes).
    events.on('order.paid', pushPaidOrders(pushDeps, pushes)),
    events.on('order.status_changed', pushShippedOrders(pushDeps, pushes)),
    // A store's name and public details live in the host cache; the notification tells other instances.
    events.on('store.changed', (e) => deps.tenants.invalidateTenant(e.tenantId)),
    // A shopper who signed up or in on a store's host is one of its customers (Admin > Customers).
    events.on('account.used_in_store', recordStoreAccount(deps.scopes)),
  ];
  app.addHook('onClose', async () => {
    off.forEach((unsubscribe) => unsubscribe());
    await pushes.idle();
  });
}
