/**
 * The few HTML pages the sandbox serves to people (the merchant portal, the customer's tracking
 * page): plain documents, no script, no external resource, every value escaped; in Portuguese, as
 * the Brazilian marketplace writes them.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; }
  h1 { font-size: 1.5rem; }
  fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; }
  label { display: block; padding: 0.4rem 0; }
  input[type=text] { font-size: 1.2rem; letter-spacing: 0.1em; padding: 0.3rem; text-transform: uppercase; }
  button { font-size: 1.1rem; padding: 0.6rem 1.2rem; }
  dt { font-weight: 600; margin-top: 0.6rem; }
  .code { font-size: 2rem; letter-spacing: 0.15em; font-family: ui-monospace, monospace; padding: 1rem; background: #f3f3f3; border-radius: 6px; text-align: center; }
  .error { color: #a40000; background: #fff0f0; padding: 0.6rem; border-radius: 6px; }
  small { color: #555; }`;

/** A whole document; `body` is trusted markup (callers escape what they put in it). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}
