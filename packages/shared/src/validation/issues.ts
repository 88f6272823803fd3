import type { z } from 'zod';

/**
 * The first message per field path ('jobs.0.yearEnd'), as forms and the API's `errors` object
 * show them. An issue on the whole object is keyed ''.
 */
export function firstIssueByPath(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in result)) result[path] = issue.message;
  }
  return result;
}
