import type { SeedStore } from '../seed/stores';

/**
 * The merchant portal's authorization page, as plain HTML: a form (user code, stores to authorize)
 * that posts back to itself, and the page that shows the authorization code. No script, no
 * external resource; every value written into the page is escaped.
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
  .code { font-size: 2rem; letter-spacing: 0.15em; font-family: ui-monospace, monospace; padding: 1rem; background: #f3f3f3; border-radius: 6px; text-align: center; }
  .error { color: #a40000; background: #fff0f0; padding: 0.6rem; border-radius: 6px; }
  small { color: #555; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

export interface FormPageInput {
  userCode: string;
  /** The application the user code belongs to, when the code is known. */
  clientId?: string;
  stores: readonly SeedStore[];
  checked?: readonly string[];
  error?: string;
}

export function authorizeFormPage(input: FormPageInput): string {
  const checked = new Set(input.checked ?? []);
  const stores = input.stores
    .map(
      (s) =>
        `<label><input type="checkbox" name="merchantIds" value="${escapeHtml(s.id)}"${checked.has(s.id) ? ' checked' : ''}> ${escapeHtml(s.name)} <small>(${escapeHtml(s.type)}, ${escapeHtml(s.id)})</small></label>`,
    )
    .join('\n');
  const who = input.clientId ? `<p>The application <strong>${escapeHtml(input.clientId)}</strong> asks to manage your stores.</p>` : '';
  return page(
    'Authorize an application',
    `${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
${who}
<form method="post" action="/_sandbox/authorize">
<p><label>User code shown by the application <input type="text" name="userCode" value="${escapeHtml(input.userCode)}" autocomplete="off" required></label></p>
<fieldset><legend>Stores to authorize</legend>
${stores}
</fieldset>
<button type="submit">Authorize</button>
</form>
<p><small>Sandbox merchant portal. Without a browser: POST /_sandbox/authorize {"userCode", "merchantIds"}.</small></p>`,
  );
}

export function authorizedPage(input: { authorizationCode: string; clientId: string; stores: readonly SeedStore[]; expiresAt: string }): string {
  const names = input.stores.map((s) => `<li>${escapeHtml(s.name)}</li>`).join('');
  return page(
    'Application authorized',
    `<p><strong>${escapeHtml(input.clientId)}</strong> may now manage:</p>
<ul>${names}</ul>
<p>Type this authorization code in the application:</p>
<p class="code" id="authorization-code">${escapeHtml(input.authorizationCode)}</p>
<p><small>Valid until ${escapeHtml(input.expiresAt)}, once.</small></p>`,
  );
}
