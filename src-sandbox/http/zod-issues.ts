import type { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * The sandbox stands in for a Brazilian marketplace, whose refusals are written in Portuguese:
 * every request is read through this, so zod's own words for a broken field come in pt-BR too
 * (a schema's own message, where one is given, is already Portuguese).
 */
const PT_BR = ptBR().localeError;

export function parsePt<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  return schema.safeParse(value, { error: PT_BR });
}

/** One readable line from a zod failure, naming the field: `shifts.2.start: Entrada inválida: ...`. */
export function describeIssues(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
