import type { z } from 'zod';
import type {
  AddressParts,
  BodyOf,
  Endpoint,
  EndpointAt,
  HttpMethod,
  JsonPathOf,
  PathOf,
  ResponseOf,
  UploadPath,
} from '#shared/api-contract.ts';
import type { Locale } from '#shared/constants.ts';
import { endpointUrl, WRITES_WITHOUT_BODY } from '#shared/endpoint-url.ts';
import { PERMISSION_DENIED, type ProblemDetails } from '#shared/problem.ts';
import { TWO_FACTOR_STEP_UP_CODE } from '#shared/two-factor.ts';

// The one way the web app calls the API (spec §7, §8): a bearer token and the interface language on every
// call, JSON in and out (multipart for uploads), and every failure turned into messages a person can read.
// Every call is typed by the API contract (shared/api-contract.ts): `api.get('/Articles/GetArticle/:id',
// { params: { id } })` answers an article, typed by the route's own response schema; a path the API does not
// have, or a wrong body or query, does not compile.
//
// The server checks every answer against that schema before sending it (its serializer, held to the contract
// by server/api-contract.test.ts), so a production build takes the answer as it is and never downloads the
// contract (its schemas and zod). In development and in the component tests (`import.meta.env.DEV`) the
// client checks every answer against the contract as well, so a fake API that answers a shape the server
// would not is caught; the contract is then downloaded with the first call, side by side with it.

/** Whether answers are checked against the contract in the browser (see above). */
const CHECK_ANSWERS = import.meta.env.DEV;

/** The API contract's lookup, loaded once on first use (a failed download is tried again next time). */
let contract: Promise<(method: HttpMethod, path: string) => Endpoint | undefined> | undefined;
function loadContract() {
  contract ??= import('#shared/api-contract.ts').then(
    (module) => module.endpointOf,
    (error: unknown) => {
      contract = undefined;
      throw error;
    },
  );
  return contract;
}

/** A failed call as the error handler sees it. */
export interface FailedResponse {
  status: number;
  statusText: string;
  contentType: string | null;
  body: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached or answered something unreadable. */
  readonly status: number;
  readonly problem: ProblemDetails | null;
  /** Field name → messages, from the problem's `errors` (already in the interface language). */
  readonly fieldErrors: Record<string, string[]>;
  /** The messages for a person: what the toasts show. */
  readonly messages: string[];
  constructor(status: number, messages: string[], problem: ProblemDetails | null = null) {
    super(messages.join(' ') || `HTTP ${status}`);
    this.status = status;
    this.messages = messages;
    this.problem = problem;
    this.fieldErrors = problem?.errors ?? {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body of a failed call, or null when it is empty or not JSON. */
export function parseJsonBody(failed: FailedResponse): Record<string, unknown> | null {
  if (!failed.body.trim()) return null;
  try {
    const value: unknown = JSON.parse(failed.body);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reads a failure body as problem details (RFC 9457), tolerating bodies that only have some of its parts. */
export function toProblem(failed: FailedResponse): ProblemDetails | null {
  const body = parseJsonBody(failed);
  if (!body) return null;
  const errors: Record<string, string[]> = {};
  if (isRecord(body.errors)) {
    for (const [field, value] of Object.entries(body.errors)) {
      const list = (Array.isArray(value) ? value : [value]).filter(
        (item): item is string => typeof item === 'string' && item.length > 0,
      );
      if (list.length) errors[field] = list;
    }
  }
  return {
    ...body,
    type: typeof body.type === 'string' ? body.type : 'about:blank',
    title: typeof body.title === 'string' ? body.title : failed.statusText,
    status: typeof body.status === 'number' ? body.status : failed.status,
    ...(typeof body.detail === 'string' ? { detail: body.detail } : {}),
    errors,
  };
}

const MAX_TEXT_LENGTH = 300;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT_LENGTH ? `${flat.slice(0, MAX_TEXT_LENGTH)}…` : flat;
}

export interface ErrorMessageOptions {
  /** Fields whose messages the calling form shows beside its inputs instead. */
  skipFields?: readonly string[];
}

/**
 * Spec §8, the shared error handler. 403: "Permission Denied" plus the body's text. Otherwise a JSON body
 * gives each message of its `errors` and its `detail`; a body that is not JSON is shown as text; an empty
 * body gives the status text. Messages are not repeated.
 */
export function errorMessages(failed: FailedResponse, options: ErrorMessageOptions = {}): string[] {
  const problem = toProblem(failed);
  const fallback = failed.statusText || `HTTP ${failed.status}`;
  if (failed.status === 403) {
    const denied = PERMISSION_DENIED;
    const text = problem ? (problem.detail ?? '') : shorten(failed.body);
    return [text && text !== denied ? `${denied}: ${text}` : denied];
  }
  if (!failed.body.trim()) return [fallback];
  if (!problem) return [shorten(failed.body)];

  const skip = new Set(options.skipFields ?? []);
  const shownOnForm = new Set<string>();
  const messages: string[] = [];
  for (const [field, list] of Object.entries(problem.errors)) {
    for (const text of list) {
      if (skip.has(field)) shownOnForm.add(text);
      else messages.push(text);
    }
  }
  if (problem.detail && !shownOnForm.has(problem.detail)) messages.push(problem.detail);
  if (messages.length === 0 && shownOnForm.size === 0) messages.push(problem.title || fallback);
  return [...new Set(messages)];
}

export interface ApiClientConfig {
  getAccessToken(): Promise<string | null>;
  /**
   * The API answered 401 to a call sent with `rejected`. A token can expire on its way (a slow answer on a
   * busy network or machine, the browser's and the server's clocks apart), which does not end the session:
   * answers a fresh token to send the call once more with, or null when there is none (the session ended).
   * Rejects when the renewal got no answer: the call then fails as a network failure does, and the session
   * stays. Absent: every 401 sends the person to sign in.
   */
  renewAccessToken?(rejected: string): Promise<string | null>;
  locale(): Locale;
  /** No token, or a 401 that a renewed token did not cure: the person has to sign in (again). */
  onUnauthorized(): void;
  /** Shows messages as error toasts. */
  showErrors(messages: string[]): void;
  /** Texts the client itself needs: the server was unreachable, or answered something unreadable. */
  texts: { network: () => string; invalidResponse: () => string };
  /**
   * A sensitive action wants a fresh code of the authenticator (403 with TWO_FACTOR_STEP_UP_CODE): true once
   * the person gave one, and the call is sent again; false (or absent) leaves the refusal as it is.
   */
  stepUp?: () => Promise<boolean>;
  fetch?: typeof fetch;
}

/** How a call behaves; the same for every call. */
export interface CallOptions {
  /** A public call (sign-in, registration, recovery): no token, and a 401 is an ordinary error. */
  anonymous?: boolean;
  /** Fields whose errors the calling form shows beside its inputs; the rest still become toasts. */
  formFields?: readonly string[];
  /** Show nothing: the caller presents the error itself. */
  quiet?: boolean;
  signal?: AbortSignal;
}

/** The options of a call to one endpoint: its path parameters and query string, typed by the contract. */
export type RequestOptions<E extends Endpoint> = CallOptions & AddressParts<E>;

/** The options argument: required when the endpoint needs path parameters or a query string. */
type OptionsArgs<E extends Endpoint> =
  Partial<AddressParts<E>> extends AddressParts<E>
    ? [options?: RequestOptions<E>]
    : [options: RequestOptions<E>];

/** The body argument (only for endpoints that take one), then the options. */
type BodyArgs<E extends Endpoint> = E extends { body: z.ZodType }
  ? [body: BodyOf<E>, ...OptionsArgs<E>]
  : OptionsArgs<E>;

type Answer<M extends HttpMethod, P extends PathOf<M>> = Promise<ResponseOf<EndpointAt<M, P>>>;

/**
 * Typed by shared/api-contract.ts: only the API's own paths (Fastify syntax, `/Articles/GetArticle/:id`),
 * each with the body, parameters and query its route validates, answering what its response schema reads.
 */
export interface ApiClient {
  get<P extends PathOf<'GET'>>(path: P, ...args: OptionsArgs<EndpointAt<'GET', P>>): Answer<'GET', P>;
  post<P extends JsonPathOf<'POST'>>(path: P, ...args: BodyArgs<EndpointAt<'POST', P>>): Answer<'POST', P>;
  put<P extends PathOf<'PUT'>>(path: P, ...args: BodyArgs<EndpointAt<'PUT', P>>): Answer<'PUT', P>;
  /** DELETE carries no body. */
  delete<P extends PathOf<'DELETE'>>(
    path: P,
    ...args: OptionsArgs<EndpointAt<'DELETE', P>>
  ): Answer<'DELETE', P>;
  /** Multipart upload of one file (field `file` unless named), with the route's query if it reads one. */
  upload<P extends UploadPath>(
    path: P,
    file: Blob,
    options?: CallOptions & { field?: string } & AddressParts<EndpointAt<'POST', P>>,
  ): Answer<'POST', P>;
}

/** The options a call was given, whatever its endpoint. */
type AnyOptions = CallOptions & { params?: Record<string, unknown>; query?: Record<string, unknown> };

export function acceptLanguage(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));

  /** The contract's lookup; a failed download reads as a network failure, shown through `show`. */
  async function contractLookup(lookup: ReturnType<typeof loadContract>, show: (messages: string[]) => void) {
    try {
      return await lookup;
    } catch {
      const network = config.texts.network();
      show([network]);
      throw new ApiError(0, [network]);
    }
  }

  async function request(
    method: HttpMethod,
    path: string,
    body: { json: unknown } | { form: FormData } | undefined,
    options: AnyOptions = {},
    retry: { steppedUp?: boolean; renewed?: boolean; token?: string } = {},
  ): Promise<unknown> {
    // When answers are checked, the contract downloads while the call is made; the answer waits for it.
    const lookup = CHECK_ANSWERS ? loadContract() : undefined;
    lookup?.catch(() => undefined);
    const show = (messages: string[]) => {
      if (!options.quiet && messages.length) config.showErrors(messages);
    };
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': acceptLanguage(config.locale()),
    };
    let token: string | null = null;
    if (!options.anonymous) {
      token = retry.token ?? (await config.getAccessToken());
      if (!token) {
        config.onUnauthorized();
        throw new ApiError(401, []);
      }
      headers.authorization = `Bearer ${token}`;
    }
    let payload: BodyInit | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json ?? {});
    } else if (body) {
      payload = body.form; // the browser sets the multipart boundary
    }

    let response: Response;
    try {
      response = await doFetch(endpointUrl(path, options), {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const text = config.texts.network();
      show([text]);
      throw new ApiError(0, [text]);
    }

    const text = await response.text();
    if (!response.ok) {
      if (response.status === 401 && token) {
        // Sent once more with a renewed token; a second 401, or no token to try, ends the session here.
        let renewed: string | null | undefined = null;
        if (!retry.renewed) {
          try {
            renewed = await config.renewAccessToken?.(token);
          } catch {
            const text = config.texts.network();
            show([text]);
            throw new ApiError(0, [text]);
          }
        }
        if (renewed) {
          return request(method, path, body, options, { ...retry, renewed: true, token: renewed });
        }
        config.onUnauthorized();
        throw new ApiError(
          401,
          [],
          toProblem({ status: 401, statusText: '', contentType: null, body: text }),
        );
      }
      const failed: FailedResponse = {
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type'),
        body: text,
      };
      if (
        response.status === 403 &&
        !retry.steppedUp &&
        config.stepUp &&
        parseJsonBody(failed)?.code === TWO_FACTOR_STEP_UP_CODE &&
        (await config.stepUp())
      ) {
        // The code may take a while to type: the call goes again with the token in hand by then.
        return request(method, path, body, options, { steppedUp: true, renewed: retry.renewed });
      }
      const messages = errorMessages(failed, { skipFields: options.formFields });
      show(messages);
      throw new ApiError(response.status, messages, toProblem(failed));
    }

    // Spec §7: an empty body reads as an empty object (then checked like any other answer).
    let data: unknown = {};
    try {
      if (text.trim()) data = JSON.parse(text);
    } catch {
      throw unreadableAnswer(show);
    }
    if (!lookup) return data;
    const endpoint = (await contractLookup(lookup, show))(method, path);
    if (!endpoint) throw new Error(`${method} ${path} is not in the API contract`);
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) throw unreadableAnswer(show);
    return parsed.data;
  }

  /** An answer that is not JSON, or (when answers are checked) not what the contract says. */
  function unreadableAnswer(show: (messages: string[]) => void) {
    const invalid = config.texts.invalidResponse();
    show([invalid]);
    return new ApiError(0, [invalid]);
  }

  /** A call with a JSON body: the body comes first when the endpoint takes one, else only the options. */
  function withBody(method: 'POST' | 'PUT', path: string, args: unknown[]) {
    if (!WRITES_WITHOUT_BODY.has(`${method} ${path}`)) {
      return request(method, path, { json: args[0] }, args[1] as AnyOptions | undefined);
    }
    // Calls without a body schema still send an empty JSON object (their parameters are in the address).
    return request(method, path, { json: {} }, args[0] as AnyOptions | undefined);
  }

  // The contract's types describe each call; inside, every call is the same untyped request.
  const client = {
    get: (path: string, options?: AnyOptions) => request('GET', path, undefined, options),
    post: (path: string, ...args: unknown[]) => withBody('POST', path, args),
    put: (path: string, ...args: unknown[]) => withBody('PUT', path, args),
    delete: (path: string, options?: AnyOptions) => request('DELETE', path, undefined, options),
    upload: (path: string, file: Blob, options?: AnyOptions & { field?: string }) => {
      const form = new FormData();
      form.append(options?.field ?? 'file', file);
      return request('POST', path, { form }, options);
    },
  };
  return client as unknown as ApiClient;
}
