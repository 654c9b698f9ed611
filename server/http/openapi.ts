// OpenAPI 3.1 document generated from the route declarations' zod schemas.
import { z } from 'zod';
import type { AnySchema } from '#api/contract.ts';
import type { AnyRoute } from './route.ts';

const PREFIX: Record<AnyRoute['access'], string> = {
  public: '/api', guest: '/api/guest', customer: '/api', logbook: '/api/logbook',
};

function schema(s: AnySchema | undefined, io: 'input' | 'output'): Record<string, unknown> | undefined {
  if (!s) return undefined;
  try {
    const js = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete js.$schema;
    return js;
  } catch {
    return {};
  }
}

function parameters(s: AnySchema | undefined, where: 'path' | 'query') {
  const js = schema(s, 'input') as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!js?.properties) return [];
  return Object.entries(js.properties).map(([name, sch]) => ({
    name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: sch,
  }));
}

let cached: { routes: AnyRoute[]; doc: unknown } | null = null;

export function buildOpenApi(routes: AnyRoute[]): unknown {
  if (cached?.routes === routes) return cached.doc;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = (PREFIX[r.access] + r.path).replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      operationId: `${r.method}_${p.replace(/[^A-Za-z0-9]+/g, '_')}`,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      responses: {
        '200': {
          description: 'OK',
          content: r.rawResponse
            ? { 'application/octet-stream': {} }
            : { 'application/json': { schema: { type: 'object', properties: { result: schema(r.response, 'output') ?? {} } } } },
        },
        '4XX': { description: 'Error with the spec\'s error key', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (r.access === 'customer' || r.access === 'logbook') op.security = [{ session: [] }];
    if (r.body) {
      op.requestBody = { required: true, content: { [r.rawBody ? 'multipart/form-data' : 'application/json']: { schema: schema(r.body, 'input') } } };
    }
    (paths[p] ??= {})[r.method] = op;
    if (r.access === 'guest') (paths[p.replace(/^\/api\/guest/, '/api')] ??= {})[r.method] = { ...op, operationId: `${op.operationId}_customer` };
  }
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Dental shop API', version: '1.0.0', description: 'Answers are wrapped in { "result": … }; errors are { "error": key, "message": text }.' },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      schemas: { Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' }, message: { type: 'string' } } } },
    },
    paths,
  };
  cached = { routes, doc };
  return doc;
}
