/** A JSON column's value, or null when the column is empty or holds something that is not JSON. */
export function parseJsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
