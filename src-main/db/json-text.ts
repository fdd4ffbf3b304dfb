/** A JSON column's value, or null when the column is empty or holds something that is not JSON. */
export function parseJsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A JSON column holding an object (a payload), or an empty object for anything else. */
export function parseJsonObject(text: string | null): Record<string, unknown> {
  const value = parseJsonText(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
