import type { Tx } from '../../db/connection';
import type { TenantCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { createLegalDraft, pageStates, type PageStarterHooks } from '../content';
import { activeDeliveryOptions, deliveryFacts } from '../orders';
import { findSettings, lockSettings, saveSettingsJson, type SettingsRow } from '../tenants';
import { LEGAL_PAGE_KINDS, poundsShort, type LegalPageKind, type StorePolicies, type StorePromises } from '../../../shared/store-promises';
import { POLICY_MESSAGES, readStoredPolicies, type LegalPageStatus, type PoliciesResponse, type UpdatePoliciesBody } from '../../../shared/store-policies';
import { addressLines } from '../../../shared/store-details';
import { publicDetailsOf, readStoredSettings } from '../../../shared/store-settings';
import { LEGAL_PAGES, legalPageBody, type LegalFacts } from '../../../shared/legal-templates';
import { deliveryEstimate } from '../../../shared/orders';

// Settings > Policies (issue 25): what the store promises about delivery and returns, and its legal
// pages. The policies live in the store's settings_json.policies (the tenants module's row), written
// only here (the Store Info form's PUT keeps them as they are); the storefront reads them, with the
// delivery options' facts and the published legal pages, as the store's promises (storePromises,
// which the app hands to the host cache: buildApp).

const storeNotFound = () => notFound('Store not found');

async function loadRow(ctx: TenantCtx) {
  const row = await findSettings(ctx);
  if (!row) throw storeNotFound();
  return row;
}

const storedPoliciesOf = (settingsJson: unknown) => readStoredPolicies((settingsJson as Record<string, unknown> | null)?.policies);

async function legalStatuses(tx: Tx, tenantId: string, policies: StorePolicies): Promise<LegalPageStatus[]> {
  const ids = Object.values(policies.legal_pages).filter((id): id is string => Boolean(id));
  const pages = new Map((await pageStates(tx, tenantId, ids)).map((p) => [p.id, p]));
  return LEGAL_PAGE_KINDS.map((kind) => {
    const page = pages.get(policies.legal_pages[kind] ?? '');
    return { kind, title: LEGAL_PAGES[kind].title, page: page ? { id: page.id, slug: page.slug, status: page.status } : null };
  });
}

async function answer(ctx: TenantCtx, policies: StorePolicies): Promise<PoliciesResponse> {
  const { legal_pages: _pages, ...promises } = policies;
  return { policies: promises, legal_pages: await legalStatuses(ctx.tx, ctx.tenantId, policies) };
}

/** GET /api/admin/settings/policies. */
export async function getPolicies(ctx: TenantCtx): Promise<PoliciesResponse> {
  return answer(ctx, storedPoliciesOf((await loadRow(ctx)).settingsJson));
}

async function savePolicies(ctx: TenantCtx, settingsJson: unknown, policies: StorePolicies): Promise<void> {
  const base = typeof settingsJson === 'object' && settingsJson !== null ? (settingsJson as Record<string, unknown>) : {};
  if (!(await saveSettingsJson(ctx, { ...base, policies }))) throw storeNotFound();
  // The host cache holds the promises: drop this instance's copy after the commit (the database's
  // notification tells the others).
  ctx.emit({ type: 'store.changed', tenantId: ctx.tenantId });
}

/** PUT /api/admin/settings/policies: the promises; the legal pages stay as they are. */
export async function updatePolicies(ctx: TenantCtx, input: UpdatePoliciesBody): Promise<PoliciesResponse> {
  const row = await lockSettings(ctx);
  if (!row) throw storeNotFound();
  const current = storedPoliciesOf(row.settingsJson);
  const policies: StorePolicies = { ...input, legal_pages: current.legal_pages };
  await savePolicies(ctx, row.settingsJson, policies);
  return answer(ctx, policies);
}

/** What the templates need: the store's details, its policies and its delivery options, written out. */
async function legalFacts(ctx: TenantCtx, row: SettingsRow, policies: StorePolicies): Promise<LegalFacts> {
  const settings = readStoredSettings(row.settingsJson, row.name);
  const details = publicDetailsOf(settings);
  const options = await activeDeliveryOptions(ctx);
  return {
    storeName: row.name,
    contactEmail: details.contact_email,
    contactPhone: details.contact_phone,
    addressLines: details.address ? addressLines(details.address) : [],
    companyNumber: details.company_number,
    vatNumber: details.vat_number,
    returnsDays: policies.returns_days,
    refundDays: policies.refund_days,
    deliveryNote: policies.delivery_note || null,
    deliveryOptions: options.map((o) => ({
      name: o.name,
      priceText: o.flatRatePence === 0 ? 'Free' : poundsShort(o.flatRatePence / 100),
      daysText: deliveryEstimate({ delivery_min_days: o.deliveryMinDays, delivery_max_days: o.deliveryMaxDays }),
      freeOverText: o.freeOverPence === null ? null : poundsShort(o.freeOverPence / 100),
    })),
  };
}

/**
 * POST /api/admin/settings/legal-pages/{kind}: a draft content page from the template, filled in with
 * the store's details and policies as they are now. The merchant reads, edits and publishes it in the
 * page editor. One page per kind: while the page made before exists, a second is refused (409).
 */
export async function createLegalPage(ctx: TenantCtx, kind: LegalPageKind): Promise<LegalPageStatus> {
  const row = await lockSettings(ctx);
  if (!row) throw storeNotFound();
  const policies = storedPoliciesOf(row.settingsJson);
  const existingId = policies.legal_pages[kind];
  if (existingId && (await pageStates(ctx.tx, ctx.tenantId, [existingId])).length > 0) throw conflict('page_exists', POLICY_MESSAGES.pageExists);
  const { slug, title } = LEGAL_PAGES[kind];
  const page = await createLegalDraft(ctx, { slug, title, bodyHtml: legalPageBody(kind, await legalFacts(ctx, row, policies)) }, POLICY_MESSAGES.slugTaken(slug));
  await savePolicies(ctx, row.settingsJson, { ...policies, legal_pages: { ...policies.legal_pages, [kind]: page.id } });
  return { kind, title, page: { id: page.id, slug: page.slug, status: page.status } };
}

/**
 * Lent to Webstore > Pages for new pages made from a starter (content's PageStarterHooks, wired in
 * app.ts). The facts lock the settings row first, in the same order as createLegalPage, so the two
 * ways of making a legal page queue behind each other instead of deadlocking.
 */
export const pageStarterHooks: PageStarterHooks = {
  async facts(ctx) {
    const row = await lockSettings(ctx);
    if (!row) throw storeNotFound();
    return legalFacts(ctx, row, storedPoliciesOf(row.settingsJson));
  },
  /** A legal page made in Webstore > Pages becomes the store's page of its kind unless it has one. */
  async adoptLegalPage(ctx, kind, pageId) {
    const row = await lockSettings(ctx);
    if (!row) throw storeNotFound();
    const policies = storedPoliciesOf(row.settingsJson);
    const existingId = policies.legal_pages[kind];
    if (existingId && (await pageStates(ctx.tx, ctx.tenantId, [existingId])).length > 0) return;
    await savePolicies(ctx, row.settingsJson, { ...policies, legal_pages: { ...policies.legal_pages, [kind]: pageId } });
  },
};

/**
 * What shoppers are told (GET /api/tenant/current, page heads, emails): the store's policies with the
 * facts of its active delivery options and its published legal pages. `tx` must be in the store's scope.
 */
export async function storePromises(tx: Tx, tenantId: string, settingsJson: unknown): Promise<StorePromises> {
  const policies = storedPoliciesOf(settingsJson);
  const facts = await deliveryFacts({ tx, tenantId });
  const ids = Object.values(policies.legal_pages).filter((id): id is string => Boolean(id));
  const pages = new Map((await pageStates(tx, tenantId, ids)).map((p) => [p.id, p]));
  const legal_pages = LEGAL_PAGE_KINDS.flatMap((kind) => {
    const page = pages.get(policies.legal_pages[kind] ?? '');
    return page && page.status === 'published' ? [{ kind, slug: page.slug, title: page.title ?? LEGAL_PAGES[kind].title }] : [];
  });
  return {
    free_delivery_over: facts.freeOverPence === null ? null : facts.freeOverPence / 100,
    next_day: facts.nextDay,
    delivery_note: policies.delivery_note || null,
    returns_days: policies.returns_days,
    refund_days: policies.refund_days,
    dispatch_days: policies.dispatch_days,
    legal_pages,
  };
}
