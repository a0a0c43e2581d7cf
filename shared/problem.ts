// RFC 9457 problem details, the body of every 4xx/5xx answer. `errors` maps a field (or a topic such as
// "database") to the messages a person should read; the web app's error handler shows them.

export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors: Record<string, string[]>;
  requestId?: string;
  [extension: string]: unknown;
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Spec §8: the text of a refusal (403), the same in both languages; the web app shows it before the body's. */
export const PERMISSION_DENIED = 'Permission Denied';
