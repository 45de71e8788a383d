import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { failOnResponseDrift } from './response-drift';

async function appWith(response: z.ZodType) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  failOnResponseDrift(app);
  app.get('/x', { schema: { response: { 200: response } } }, async () => ({ id: 'a', added_later: 1 }));
  await app.ready();
  return app;
}

describe('failOnResponseDrift (tests only)', () => {
  it('fails an answer whose schema forgot a field the handler sends', async () => {
    const app = await appWith(z.object({ id: z.string() }));
    expect((await app.inject('/x')).statusCode).toBe(500);
  });

  it('lets an answer through when the schema describes all of it', async () => {
    const app = await appWith(z.object({ id: z.string(), added_later: z.number() }));
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', added_later: 1 });
  });
});
