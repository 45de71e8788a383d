import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions API (DESIGN rule 7: the real provider is
 * tested against a fake HTTP server). It checks the bearer key, records each request, and answers by
 * task (the response_format schema name, or the "Task:" line of the system message) in the mode set:
 * ok, malformed (content that is not JSON), wrong_shape (JSON missing fields), slow (answers after
 * delayMs), unavailable (HTTP 503), unavailable_once (HTTP 503 to the first request, then ok). A 503
 * carries `retry-after-ms` (as OpenAI's may) set by retryAfterMs, so the SDK's retries stay quick.
 */
export type FakeOpenAiMode = 'ok' | 'malformed' | 'wrong_shape' | 'slow' | 'unavailable' | 'unavailable_once';

export interface FakeOpenAiRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
    seed?: number;
  };
}

export interface FakeOpenAi {
  /** Base URL including /v1, as OPENAI_BASE_URL takes it. */
  url: string;
  apiKey: string;
  requests: FakeOpenAiRequest[];
  mode: FakeOpenAiMode;
  delayMs: number;
  retryAfterMs: number;
  close(): Promise<void>;
}

export const FAKE_OPENAI_MODEL = 'fake-gpt-uk-1';

/** Copy as a model might write it: HTML tags and an over-long SEO title that the writer must clean. */
function answerFor(task: string, userContent: string): unknown {
  switch (task) {
    case 'product_copy':
      return {
        title: 'Model Written <b>Title</b>',
        subtitle: 'A subtitle from the model',
        description_md: '<p>Hand-finished in Britain with a <script>alert(1)</script>lovely colour.</p><p>Second paragraph.</p>',
        bullets: ['<li>Durable aluminium frame</li>', 'Organised storage'],
        specs: [{ name: 'Material', value: 'Aluminium' }],
        seo: {
          title: 'An SEO title from the model that is far too long for search engines to show',
          description: 'A meta description from the model. '.repeat(8),
          keywords: ['model keyword', '<i>tagged</i>'],
        },
      };
    case 'category_copy':
      return { description: 'Model category description with <em>emphasis</em>.', meta_title: 'Model category title', meta_description: 'Model category meta description.', confidence: 0.92 };
    case 'field_suggestion':
      return { suggestion: 'Model suggestion <strong>text</strong>' };
    case 'insight_phrases': {
      const facts = (JSON.parse(userContent) as { facts?: { id: string; count: number }[] }).facts ?? [];
      return { items: facts.map((f) => ({ id: f.id, title: `Model title for ${f.id}`, description: `Model wording about ${f.count} items.`, cta: 'Fix it now' })) };
    }
    default:
      return {};
  }
}

export async function startFakeOpenAi(opts: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const state = { mode: 'ok' as FakeOpenAiMode, failedOnce: false, delayMs: 2000, retryAfterMs: 10 };
  const apiKey = opts.apiKey ?? 'sk-fake-test-key';
  const requests: FakeOpenAiRequest[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after-ms': String(state.retryAfterMs) } : {}) });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      let body: FakeOpenAiRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      }
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ path, authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
      const failOnce = state.mode === 'unavailable_once' && !state.failedOnce;
      if (failOnce) state.failedOnce = true;
      if (state.mode === 'unavailable' || failOnce) return send(503, { error: { message: 'The server is overloaded.', type: 'server_error' } });

      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '{}';
      const task = body.response_format?.json_schema?.name ?? /Task: (\w+)/.exec(system)?.[1] ?? '';
      const content = state.mode === 'malformed' ? '{"title": "half an answer' : JSON.stringify(state.mode === 'wrong_shape' ? { unexpected: true } : answerFor(task, user));
      const completion = {
        id: `chatcmpl-fake${requests.length}`,
        object: 'chat.completion',
        model: FAKE_OPENAI_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
      };
      if (state.mode === 'slow') setTimeout(() => send(200, completion), state.delayMs).unref();
      else send(200, completion);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(m: FakeOpenAiMode) {
      state.mode = m;
      state.failedOnce = false;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get retryAfterMs() {
      return state.retryAfterMs;
    },
    set retryAfterMs(ms: number) {
      state.retryAfterMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
