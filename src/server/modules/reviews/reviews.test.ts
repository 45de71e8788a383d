import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { DEMO_STORE_CATALOGUE } from '../../seed/catalogue-demo';
import { REVIEW_TEXT, type ProductCard, type ProductDetail, type ReviewList } from '../../../shared/catalog';
import { REVIEW_POSTS_PER_WINDOW } from './service';

let t: TestApp;
let product: ProductDetail;
const seeded = DEMO_STORE_CATALOGUE.products.find((p) => p.status === 'active' && p.visibility === 'public' && p.reviews?.some((r) => r.status === 'pending'))!;
const approvedSeed = seeded.reviews!.filter((r) => r.status === 'approved');

beforeAll(async () => {
  t = await resetTestApp();
  product = (await call(t.app, 'GET', `/api/products/by-slug/${seeded.slug}`)).json().product;
});

const reviewsOf = async (id = product.id, host = DEMO_HOST) => (await call(t.app, 'GET', `/api/products/${id}/reviews`, { host })).json() as ReviewList;
let address = 0;
/** Each post from its own address unless told, so the per-address limit only bites where tested. */
const post = (body: unknown, opts: { id?: string; host?: string; ip?: string } = {}) =>
  call(t.app, 'POST', `/api/products/${opts.id ?? product.id}/reviews`, { host: opts.host ?? DEMO_HOST, body, remoteAddress: opts.ip ?? `10.0.0.${++address}` });

describe('reading reviews', () => {
  it('shows approved reviews only, newest first, with the email masked', async () => {
    const body = await reviewsOf();
    expect(body.reviews).toHaveLength(approvedSeed.length);
    expect(body.review_count).toBe(approvedSeed.length);
    const avg = approvedSeed.reduce((s, r) => s + r.rating, 0) / approvedSeed.length;
    expect(body.average_rating).toBeCloseTo(avg, 2);
    for (const r of body.reviews) {
      expect(r.customer_email).toMatch(/^.{2}\*+$/);
      expect(r.verified_purchase).toBe(false);
    }
    const dates = body.reviews.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(JSON.stringify(body)).not.toContain('example.co');
  });
});

describe('writing a review', () => {
  it('accepts a review as pending: it is not shown until approved', async () => {
    const res = await post({ title: 'Pending check: lovely glaze', body: 'Exactly as pictured.', customer_email: 'Reviewer@Example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ review: { status: 'pending' }, message: REVIEW_TEXT.moderation });
    expect((await reviewsOf()).reviews.map((r) => r.title)).not.toContain('Pending check: lovely glaze');
  });

  it('refuses missing and malformed fields with field errors, and writes nothing', async () => {
    const before = (await call(t.app, 'GET', '/api/admin/reviews?status=all', { cookie: await signIn(t.app, 'admin@demo.test') })).json().pagination.total;
    const res = await post({ rating: 9, title: '', body: '  ', customer_email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      rating: 'Choose a rating from 1 to 5', title: REVIEW_TEXT.missing, body: REVIEW_TEXT.missing, customer_email: 'Enter a valid email address',
    });
    expect((await post({ title: 'x', body: 'y', customer_email: 'a@b.co', verified_purchase: true })).json().error.fields).toEqual({ verified_purchase: 'Unknown field' });
    expect((await post({ title: 'x'.repeat(121), body: 'y', customer_email: 'a@b.co' })).statusCode).toBe(400);
    expect((await post('{"title":')).statusCode).toBe(400);
    expect((await post({ rating: '5', title: 'x', body: 'y', customer_email: 'a@b.co' })).statusCode).toBe(400);
    const after = (await call(t.app, 'GET', '/api/admin/reviews?status=all', { cookie: await signIn(t.app, 'admin@demo.test') })).json().pagination.total;
    expect(after).toBe(before);
  });

  it('404s a review for a missing, hidden or other store product', async () => {
    const valid = { title: 'x', body: 'y', customer_email: 'a@b.co' };
    expect((await post(valid, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await post(valid, { id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await post(valid, { host: ACME_HOST })).statusCode).toBe(404);
    const draft = DEMO_STORE_CATALOGUE.products.find((p) => p.status === 'draft')!;
    const admin = await signIn(t.app, 'admin@demo.test');
    const all = (await call(t.app, 'GET', '/api/admin/reviews?status=all', { cookie: admin })).json();
    expect(all.reviews.map((r: { product_slug: string }) => r.product_slug)).not.toContain(draft.slug);
  });

  it('limits how many reviews one address can post', async () => {
    const valid = { title: 'Spam?', body: 'Maybe', customer_email: 'a@b.co' };
    for (let i = 0; i < REVIEW_POSTS_PER_WINDOW; i++) expect((await post(valid, { ip: '10.9.9.9' })).statusCode).toBe(201);
    const res = await post(valid, { ip: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(REVIEW_TEXT.rateLimited);
    // Retry-After: when the oldest of those posts leaves the hour's window (just under an hour away).
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await post(valid, { ip: '10.9.9.10' })).statusCode).toBe(201);
  });
});

describe('moderation', () => {
  it('lets a store admin approve a review, which then shows and counts', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const created = (await post({ rating: 1, title: '<script>alert(1)</script>', body: '<img src=x onerror=alert(1)>', customer_email: 'critic@example.com' })).json();
    const pending = (await call(t.app, 'GET', '/api/admin/reviews', { cookie: admin })).json();
    const row = pending.reviews.find((r: { id: string }) => r.id === created.review.id);
    expect(row).toMatchObject({ status: 'pending', product_slug: seeded.slug, customer_email: 'critic@example.com' });

    const before = await reviewsOf();
    const res = await call(t.app, 'PATCH', `/api/admin/reviews/${created.review.id}`, { cookie: admin, body: { status: 'approved' } });
    expect(res.statusCode).toBe(200);
    const after = await reviewsOf();
    expect(after.review_count).toBe(before.review_count + 1);
    // Stored and answered as plain text, exactly as typed; the web app renders it as text.
    expect(after.reviews.find((r) => r.id === created.review.id)).toMatchObject({ title: '<script>alert(1)</script>', customer_email: `cr${'*'.repeat('critic@example.com'.length - 2)}` });
    expect(after.average_rating!).toBeLessThan(before.average_rating!);

    await call(t.app, 'PATCH', `/api/admin/reviews/${created.review.id}`, { cookie: admin, body: { status: 'rejected' } });
    expect((await reviewsOf()).review_count).toBe(before.review_count);
  });

  it('shows an approval in the product page, its card and its page head at once, not after the cache expires', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const bySlug = async () => (await call(t.app, 'GET', `/api/products/by-slug/${seeded.slug}`)).json().product as ProductDetail;
    const card = async () => ((await call(t.app, 'GET', `/api/products?limit=48`)).json().items as ProductCard[]).find((c) => c.slug === seeded.slug)!;
    const head = async () => (await call(t.app, 'GET', `/p/${seeded.slug}`)).body;
    // Read everything first, so the answers are in the catalogue cache.
    const before = await bySlug();
    expect((await card()).review_count).toBe(before.review_count);
    expect(await head()).toContain(`"reviewCount":${before.review_count}`);

    const created = (await post({ rating: 5, title: 'Cache check', body: 'Fresh at once', customer_email: 'fresh@example.com' })).json();
    expect((await bySlug()).review_count).toBe(before.review_count);
    expect((await call(t.app, 'PATCH', `/api/admin/reviews/${created.review.id}`, { cookie: admin, body: { status: 'approved' } })).statusCode).toBe(200);

    const after = await bySlug();
    expect(after.review_count).toBe(before.review_count + 1);
    expect(after.average_rating!).toBeCloseTo(((before.average_rating ?? 0) * before.review_count + 5) / after.review_count, 2);
    expect(await card()).toMatchObject({ review_count: after.review_count, average_rating: after.average_rating });
    expect(await head()).toContain(`"reviewCount":${after.review_count}`);
  });

  it('enforces roles and tenants on moderation', async () => {
    const created = (await post({ title: 'Nice', body: 'Good', customer_email: 'a@b.co' })).json();
    const path = `/api/admin/reviews/${created.review.id}`;
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await call(t.app, 'GET', '/api/admin/reviews', { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'PATCH', path, { cookie: staff, body: { status: 'approved' } })).statusCode).toBe(403);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    // On Acme's host the Demo review does not exist; on Demo's host the Acme admin is not a member.
    expect((await call(t.app, 'PATCH', path, { cookie: acmeAdmin, host: ACME_HOST, body: { status: 'approved' } })).statusCode).toBe(404);
    expect((await call(t.app, 'PATCH', path, { cookie: acmeAdmin, body: { status: 'approved' } })).statusCode).toBe(404);
    expect((await call(t.app, 'PATCH', path, { body: { status: 'approved' } })).statusCode).toBe(401);
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await call(t.app, 'PATCH', path, { cookie: admin, body: { status: 'maybe' } })).statusCode).toBe(400);
    expect((await call(t.app, 'PATCH', '/api/admin/reviews/not-a-uuid', { cookie: admin, body: { status: 'approved' } })).statusCode).toBe(404);
  });
});
