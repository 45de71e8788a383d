import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { IMAGE_HEADERS, makePdf, makePng, SVG } from '../../test/images';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadedFile } from '../../../shared/media';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

/** The file itself as the body, as the admin screen sends it. */
function upload(body: Buffer | string, opts: { contentType?: string | null; cookie?: string; host?: string; query?: string } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: opts.host ?? DEMO_HOST, cookie: opts.cookie ?? admin };
  if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'image/png';
  return t.app.inject({ method: 'POST', url: `/api/admin/media${opts.query ?? ''}`, headers, payload: body });
}

const uploaded = async (body: Buffer = makePng(), opts: Parameters<typeof upload>[1] = {}) => {
  const res = await upload(body, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as UploadedFile;
};

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

describe('POST /api/admin/media', () => {
  it("stores a PNG under the store's media folder with a server-made name and serves it on that store only", async () => {
    const png = makePng(4, 3);
    const res = await upload(png, { query: '?filename=../../etc/evil%20name.php.png' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().file as UploadedFile;
    expect(file).toEqual({
      key: expect.stringMatching(new RegExp(`^tenants/${t.seed.tenantIds.demo}/media/[0-9a-f-]{36}\\.png$`)),
      url: `/files/${file.key}`,
      content_type: 'image/png',
      size: png.length,
    });
    expect(res.json().filename).toBe('../../etc/evil name.php.png');
    // Its library row: the name shown is the last part of what it was called, never a path.
    expect(res.json().media).toMatchObject({ filename: 'evil name.php.png', url: file.url, path: file.url, storage_path: file.key, mime_type: 'image/png', file_size: png.length, alt_text: null, tenant_id: t.seed.tenantIds.demo });
    expect(res.json().media.metadata_json).toEqual({ originalName: '../../etc/evil name.php.png', uploadedAt: expect.any(String) });
    const served = await call(t.app, 'GET', file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"$/);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await call(t.app, 'GET', file.url, { host: ACME_HOST })).statusCode).toBe(404);
  });

  it.each(Object.entries(IMAGE_HEADERS))('reads the real type from the bytes: %s', async (ext, bytes) => {
    const file = await uploaded(bytes, { contentType: 'application/octet-stream' });
    expect(file.key.endsWith(`.${ext}`)).toBe(true);
    expect(file.content_type).toBe({ jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' }[ext]);
  });

  it('refuses a file that is not a picture, whatever it is called, with 415 and the message', async () => {
    const res = await upload('just some text, renamed to .png', { query: '?filename=notes.png' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'unsupported_file_type', message: UPLOAD_MESSAGES.unsupported, fields: { file: UPLOAD_MESSAGES.unsupported } });
    const picture = await upload('just some text, renamed to .png', { query: '?filename=notes.png&kind=images' });
    expect(picture.json().error.message).toBe(UPLOAD_MESSAGES.notImage);
  });

  it('refuses SVG, which can carry scripts, by its bytes and by its declared type', async () => {
    for (const contentType of ['image/png', 'image/svg+xml']) {
      const res = await upload(SVG, { contentType });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().error.message).toBe(UPLOAD_MESSAGES.svg);
    }
  });

  it('refuses other declared types before reading the body', async () => {
    const res = await upload(makePng(), { contentType: 'application/json' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/^This file type is not supported/);
  });

  it('answers 400 for an empty body, typed or not', async () => {
    for (const contentType of ['image/png', null]) {
      const res = await upload(Buffer.alloc(0), { contentType });
      expect(res.statusCode, String(contentType)).toBe(400);
      expect(res.json().error.message).toBe(UPLOAD_MESSAGES.empty);
    }
  });

  it('answers 413 with a clear message past 10 MB, and takes exactly 10 MB', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'file_too_large', message: 'The file is larger than 10 MB. Choose a smaller file.' });
    const exact = Buffer.concat([makePng(), Buffer.alloc(MAX_UPLOAD_BYTES - makePng().length)]);
    expect((await uploaded(exact)).size).toBe(MAX_UPLOAD_BYTES);
  });

  it('is for store managers: staff 403, signed out 401, another store 404; unknown query fields 400', async () => {
    expect((await upload(makePng(), { cookie: staff })).statusCode).toBe(403);
    expect((await upload(makePng(), { cookie: '' })).statusCode).toBe(401);
    expect((await upload(makePng(), { cookie: acmeAdmin })).statusCode).toBe(404);
    expect((await upload(makePng(), { query: '?tenant_id=x' })).statusCode).toBe(400);
  });

  it('takes a PDF by its bytes, whatever it is called or declared as, and serves it as a download', async () => {
    const pdf = makePdf();
    for (const contentType of ['application/pdf', 'application/octet-stream', 'image/png']) {
      const res = await upload(pdf, { contentType, query: '?filename=Care%20guide.pdf' });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(201);
      const { file, media } = res.json() as { file: UploadedFile; media: { filename: string; mime_type: string; file_size: number } };
      expect(file.key).toMatch(/\.pdf$/);
      expect(file.content_type).toBe('application/pdf');
      expect(media).toMatchObject({ filename: 'Care guide.pdf', mime_type: 'application/pdf', file_size: pdf.length });
      const served = await call(t.app, 'GET', file.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe(`attachment; filename="${file.key.split('/').pop()}"`);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('refuses a disguised or unsupported file: HTML or text named .pdf, a PDF with no end, a PDF where only pictures go, other types', async () => {
    const cases: [Buffer | string, string, string, string][] = [
      ['<html><script>alert(1)</script></html>', 'application/pdf', '?filename=invoice.pdf', UPLOAD_MESSAGES.unsupported],
      ['%PDF-1.4 but only a header and no body at all', 'application/pdf', '?filename=short.pdf', UPLOAD_MESSAGES.unsupported],
      [Buffer.concat([Buffer.from('  '), makePdf()]), 'application/pdf', '?filename=shifted.pdf', UPLOAD_MESSAGES.unsupported],
      [makePdf(), 'application/octet-stream', '?filename=guide.pdf&kind=images', UPLOAD_MESSAGES.notImage],
      [Buffer.from('PK\x03\x04 a zip file, really', 'latin1'), 'application/octet-stream', '?filename=photos.zip', UPLOAD_MESSAGES.unsupported],
    ];
    const before = (await call(t.app, 'GET', '/api/admin/media?limit=100', { cookie: admin })).json().pagination.total as number;
    for (const [body, contentType, query, message] of cases) {
      const res = await upload(body, { contentType, query });
      expect(res.statusCode, query).toBe(415);
      expect(res.json().error.message, query).toBe(message);
    }
    // Declared as PDF where only pictures go: refused before the body is read.
    const declared = await upload(makePdf(), { contentType: 'application/pdf', query: '?kind=images' });
    expect(declared.statusCode).toBe(415);
    expect(declared.json().error.message).toMatch(/^This file is not a supported picture/);
    expect((await upload(makePng(), { query: '?kind=documents' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/media?limit=100', { cookie: admin })).json().pagination.total).toBe(before);
  });

  it('writes one library row per upload, in its own store', async () => {
    const list = (cookie: string, host = DEMO_HOST) => call(t.app, 'GET', '/api/admin/media?limit=100', { cookie, host }).then((r) => r.json() as { media: { id: string; url: string }[]; pagination: { total: number } });
    const before = await list(admin);
    const acmeBefore = await list(acmeAdmin, ACME_HOST);
    const file = await uploaded(makePng(), { query: '?filename=row.png' });
    const after = await list(admin);
    expect(after.pagination.total).toBe(before.pagination.total + 1);
    expect(after.media[0].url).toBe(file.url);
    expect((await list(acmeAdmin, ACME_HOST)).pagination.total).toBe(acmeBefore.pagination.total);
  });

  it('on S3-compatible storage: stores the file and its row; a storage failure is a 503 with a message and writes no row', async () => {
    const { startFakeS3 } = await import('../../adapters/storage/fake-s3');
    const { S3FileStorage } = await import('../../adapters/storage/s3-storage');
    const credentials = { bucket: 'shop-files', region: 'eu-west-2', accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake-secret-key' };
    const fake = await startFakeS3(credentials);
    const local = t.app.deps.storage;
    t.app.deps.storage = new S3FileStorage({ endpoint: fake.url, ...credentials });
    try {
      const pdf = makePdf();
      const file = await uploaded(pdf, { contentType: 'application/pdf' });
      expect(fake.objects.get(file.key)).toEqual({ body: pdf, contentType: 'application/pdf' });
      const total = (await call(t.app, 'GET', '/api/admin/media', { cookie: admin })).json().pagination.total as number;
      fake.failNext(500, 'InternalError', { method: 'PUT' });
      const failed = await upload(makePng());
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error).toEqual({ code: 'storage_unavailable', message: 'File storage is not available right now. Please try again in a moment.' });
      expect((await call(t.app, 'GET', '/api/admin/media', { cookie: admin })).json().pagination.total).toBe(total);
    } finally {
      t.app.deps.storage = local;
      await fake.close();
    }
  });
});
