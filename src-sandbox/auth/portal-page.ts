import { escapeHtml, htmlPage } from '../http/html';
import type { SeedStore } from '../seed/stores';

/**
 * The merchant portal's authorization page: a form (user code, stores to authorize) that posts back
 * to itself, and the page that shows the authorization code.
 */

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
  const who = input.clientId ? `<p>O aplicativo <strong>${escapeHtml(input.clientId)}</strong> pede para gerenciar suas lojas.</p>` : '';
  return htmlPage(
    'Autorizar um aplicativo',
    `${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
${who}
<form method="post" action="/_sandbox/authorize">
<p><label>Código de usuário mostrado pelo aplicativo <input type="text" name="userCode" value="${escapeHtml(input.userCode)}" autocomplete="off" required></label></p>
<fieldset><legend>Lojas a autorizar</legend>
${stores}
</fieldset>
<button type="submit">Autorizar</button>
</form>
<p><small>Portal do lojista (sandbox). Sem navegador: POST /_sandbox/authorize {"userCode", "merchantIds"}.</small></p>`,
  );
}

export function authorizedPage(input: { authorizationCode: string; clientId: string; stores: readonly SeedStore[]; expiresAt: string }): string {
  const names = input.stores.map((s) => `<li>${escapeHtml(s.name)}</li>`).join('');
  return htmlPage(
    'Aplicativo autorizado',
    `<p><strong>${escapeHtml(input.clientId)}</strong> agora pode gerenciar:</p>
<ul>${names}</ul>
<p>Digite este código de autorização no aplicativo:</p>
<p class="code" id="authorization-code">${escapeHtml(input.authorizationCode)}</p>
<p><small>Válido até ${escapeHtml(input.expiresAt)}, uma única vez.</small></p>`,
  );
}
