import type { z } from 'zod';

/** One readable line from a zod failure, naming the field: `shifts.2.start: Invalid string`. */
export function describeIssues(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
