import { STATUS_CODES } from 'node:http';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE } from '#shared/problem.ts';

// Builds the OpenAPI 3.1 document from the routes' zod schemas (the plugin that serves it: openapi.ts).

/** Who may call a route, as the document tells it. */
export type RouteAccess = 'public' | 'optional' | 'signedIn' | 'member' | 'admin';

/** Fastify's route URL as an OpenAPI path: `:id` → `{id}`, the wildcard `*` → `{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*/g, '{*}');
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
export type Document = {
  openapi: string;
  info: Record<string, unknown>;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
  };
};

/** A part of a route's schema that JSON Schema cannot fully express (it is documented as "any" there). */
type Unconverted = { route: string; part: string; reason: string };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Anyone.',
  optional: 'Anyone; a bearer token is optional (signed-in callers may see more; a bad token is refused).',
  signedIn: 'Signed in: a bearer access token.',
  member: 'Members only: a bearer access token of a member.',
  admin: 'Administrators only: a bearer access token of an Admin.',
};

const problemDetails = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).describe('Messages by field, in the request language'),
    requestId: z.string().optional(),
  })
  .loose()
  .describe('RFC 9457 problem details');

const PROBLEM_RESPONSES: Record<string, { status: string; description: string }> = {
  BadRequest: { status: '400', description: 'Invalid input (messages by field in `errors`)' },
  Unauthorized: { status: '401', description: 'No valid bearer token' },
  Forbidden: { status: '403', description: 'The caller may not do this' },
  TooManyRequests: { status: '429', description: 'Too many requests from this address' },
};

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.core.$ZodType;
}

/** The route schema's value for a response: a zod schema, `{ properties: zod }`, or plain JSON Schema. */
function unwrap(value: unknown): unknown {
  if (value && typeof value === 'object' && 'properties' in value && isZod(value.properties))
    return value.properties;
  return value;
}

/** Converts route schemas to JSON Schema, moving recursive definitions into `components.schemas`. */
class Converter {
  readonly components: Record<string, JsonSchema> = {};
  readonly unconverted: Unconverted[] = [];
  private readonly hoisted = new Map<string, Map<string, string>>();

  convert(schema: unknown, io: 'input' | 'output', route: string, part: string): JsonSchema {
    const value = unwrap(schema);
    if (!isZod(value)) return (value ?? {}) as JsonSchema;
    let json: JsonSchema;
    try {
      json = z.toJSONSchema(value, { io, unrepresentable: 'throw' }) as JsonSchema;
    } catch (error) {
      this.unconverted.push({ route, part, reason: (error as Error).message });
      json = z.toJSONSchema(value, { io, unrepresentable: 'any' }) as JsonSchema;
    }
    const { $schema: _dialect, $defs, ...root } = json;
    const names = this.hoist(($defs ?? {}) as Record<string, JsonSchema>, `${route} ${part}`);
    // A schema that refers to itself as a whole ("#") becomes a component too.
    const selfReferring = JSON.stringify(root).includes('"$ref":"#"');
    if (selfReferring) {
      const name = this.name(`${route} ${part}`);
      names.set('#', name);
      this.components[name] = rewriteRefs(root, names) as JsonSchema;
      return { $ref: `#/components/schemas/${name}` };
    }
    return rewriteRefs(root, names) as JsonSchema;
  }

  /** Definitions of one conversion become components; the same definitions again reuse them. */
  private hoist(defs: Record<string, JsonSchema>, where: string): Map<string, string> {
    const keys = Object.keys(defs);
    if (!keys.length) return new Map();
    const identity = JSON.stringify(defs);
    const known = this.hoisted.get(identity);
    if (known) return new Map(known);
    const names = new Map(
      keys.map((key, index) => [
        `#/$defs/${key}`,
        key.startsWith('__') ? this.name(`${where} ${index}`) : this.name(key),
      ]),
    );
    for (const key of keys) {
      this.components[names.get(`#/$defs/${key}`)!] = rewriteRefs(defs[key], names) as JsonSchema;
    }
    this.hoisted.set(identity, names);
    return new Map(names);
  }

  private name(from: string): string {
    const base = from.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'Schema';
    let name = base;
    for (let n = 2; name in this.components || name === 'ProblemDetails'; n++) name = `${base}_${n}`;
    return name;
  }
}

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && names.has(child)
        ? `#/components/schemas/${names.get(child)}`
        : rewriteRefs(child, names),
    ]),
  );
}

/** Query, path and header parameters from an object schema (one parameter per property). */
function parameters(schema: JsonSchema, location: 'query' | 'path' | 'header') {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) {
    // Not a plain object (a union, say): one parameter whose properties are the query's names.
    return [
      { name: location, in: location, required: location === 'path', schema, style: 'form', explode: true },
    ];
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function accepts(schema: unknown, value: unknown): boolean {
  const zod = unwrap(schema);
  return isZod(zod) && zod.safeParse(value).success;
}

function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api' && segments[1]) return segments[1];
  const first = segments[0];
  return !first || first.startsWith('*') ? 'web app' : first;
}

function operationOf(route: RouteOptions, method: string, converter: Converter): Operation {
  const name = `${method} ${route.url}`;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const access: RouteAccess = route.config?.access ?? 'public';
  const operation: Operation = {
    operationId: `${method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, ''),
    tags: Array.isArray(schema.tags) ? schema.tags : [tagOf(route.url)],
  };
  if (typeof schema.summary === 'string') operation.summary = schema.summary;
  operation.description = [schema.description, ACCESS_TEXT[access]].filter(Boolean).join('\n\n');
  operation['x-access'] = access;
  if (schema.deprecated === true) operation.deprecated = true;

  const params = [
    ...(schema.params ? parameters(converter.convert(schema.params, 'input', name, 'params'), 'path') : []),
    ...(schema.querystring
      ? parameters(converter.convert(schema.querystring, 'input', name, 'querystring'), 'query')
      : []),
    ...(schema.headers
      ? parameters(converter.convert(schema.headers, 'input', name, 'headers'), 'header')
      : []),
  ];
  // Every name in the path is a parameter, declared by the route's params schema or not.
  for (const match of openApiPath(route.url).matchAll(/\{([^}]+)\}/g)) {
    const param = match[1]!;
    if (!params.some((p) => p.in === 'path' && p.name === param))
      params.unshift({
        name: param,
        in: 'path',
        required: true,
        ...(param === '*' ? { description: 'The rest of the path' } : {}),
        schema: { type: 'string' },
      });
  }
  if (params.length) operation.parameters = params;

  if (schema.body) {
    operation.requestBody = {
      required: !accepts(schema.body, undefined),
      content: { 'application/json': { schema: converter.convert(schema.body, 'input', name, 'body') } },
    };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, value] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const code = status.toUpperCase();
    const description = STATUS_CODES[Number(code)] ?? (code === 'DEFAULT' ? 'Other answers' : code);
    const given = value as { description?: string; content?: Record<string, { schema: unknown }> };
    const content =
      given && typeof given === 'object' && given.content && !isZod(given)
        ? Object.fromEntries(
            Object.entries(given.content).map(([type, { schema: body }]) => [
              type,
              { schema: converter.convert(body, 'output', name, `response ${status} ${type}`) },
            ]),
          )
        : { 'application/json': { schema: converter.convert(value, 'output', name, `response ${status}`) } };
    responses[code === 'DEFAULT' ? 'default' : code] = {
      description: typeof given?.description === 'string' ? given.description : description,
      content,
    };
  }
  const problem = (key: keyof typeof PROBLEM_RESPONSES) => {
    const { status } = PROBLEM_RESPONSES[key]!;
    responses[status] ??= { $ref: `#/components/responses/${key}` };
  };
  if (schema.body || schema.querystring || schema.params || schema.headers) problem('BadRequest');
  if (access !== 'public') problem('Unauthorized');
  if (access === 'member' || access === 'admin') problem('Forbidden');
  if (route.config && 'rateLimit' in route.config) problem('TooManyRequests');
  const loose = converter.unconverted.filter((u) => u.route === name).map((u) => `${u.part}: ${u.reason}`);
  if (loose.length) operation['x-unrepresentable'] = loose;
  if (!Object.keys(responses).some((code) => code.startsWith('2') || code === 'default'))
    responses.default = { description: 'Not described by a schema (not JSON, or not declared)' };
  operation.responses = responses;

  if (access === 'optional') operation.security = [{}, { bearer: [] }];
  else if (access !== 'public') operation.security = [{ bearer: [] }];
  return operation;
}

export type PackageInfo = { name: string; version: string; description?: string };

export function buildDocument(
  routes: RouteOptions[],
  options: { publicUrl: string; pkg: PackageInfo },
): { document: Document; unconverted: Unconverted[] } {
  const converter = new Converter();
  const paths: Document['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      const operation = operationOf(route, method, converter);
      for (const tag of operation.tags as string[]) tags.add(tag);
      const key = openApiPath(route.url);
      paths[key] = { ...paths[key], [method.toLowerCase()]: operation };
    }
  }
  const document: Document = {
    openapi: '3.1.0',
    info: {
      title: options.pkg.name,
      version: options.pkg.version,
      description: [
        options.pkg.description,
        'Generated from the zod schemas the routes validate with. Errors are RFC 9457 problem details ' +
          '(`application/problem+json`) with an `errors` map. Bearer tokens come from the OpenID Connect ' +
          'provider at `/oidc` (discovery: `/oidc/.well-known/openid-configuration`); the real-time hub is ' +
          'socket.io at `/AdvisoryHub`.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
    servers: [{ url: options.publicUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token issued by the identity provider at /oidc for the API audience',
        },
      },
      schemas: {
        ProblemDetails: (({ $schema: _dialect, ...rest }) => rest)(
          z.toJSONSchema(problemDetails, { io: 'output' }) as JsonSchema,
        ),
        ...converter.components,
      },
      responses: Object.fromEntries(
        Object.entries(PROBLEM_RESPONSES).map(([key, { description }]) => [
          key,
          {
            description,
            content: {
              [PROBLEM_CONTENT_TYPE.split(';')[0]!]: {
                schema: { $ref: '#/components/schemas/ProblemDetails' },
              },
            },
          },
        ]),
      ),
    },
  };
  return { document, unconverted: converter.unconverted };
}
