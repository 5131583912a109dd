/**
 * The fuzz finds a route's string fields in its zod schema, as the app documents it: a route added
 * tomorrow, with nested objects, arrays, optional and nullable fields, unions and records, has every
 * string attacked without anyone listing its fields.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { registerApiDocs } from '../../apps/server/src/plugins/api-docs';
import { stringFieldsOf } from './schema-strings';

it('lists every string field of a new route, nested ones included', async () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerApiDocs(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/new/:giftId/notes',
    {
      schema: {
        params: z.object({ giftId: z.uuid() }),
        querystring: z.object({ lang: z.string().optional(), page: z.coerce.number().optional() }),
        body: z.object({
          title: z.string(),
          count: z.number(),
          author: z.object({ name: z.string(), email: z.email().optional(), age: z.number() }),
          lines: z.array(z.object({ text: z.string(), tags: z.array(z.string()) })).min(1),
          note: z.string().nullable(),
          kind: z.union([z.literal('a'), z.object({ other: z.string() })]),
          extra: z.record(z.string(), z.string()),
          status: z.enum(['open', 'closed']),
        }),
      },
    },
    async () => ({}),
  );
  await app.ready();
  const fields = stringFieldsOf(app.swagger(), 'POST', '/api/new/:giftId/notes');
  await app.close();
  expect(fields.body.map((path) => path.join('.')).sort()).toEqual(
    [
      'title',
      'author.name',
      'author.email',
      'lines.0.text',
      'lines.0.tags.0',
      'note',
      'kind',
      'kind.other',
      'extra.fuzz-key',
      'status',
    ].sort(),
  );
  expect(fields.query).toEqual(['lang', 'page']);
  expect(fields.params).toEqual(['giftId']);
});
