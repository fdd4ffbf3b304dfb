import QRCode from 'qrcode';
import type { PairingQr, PairingView, ScreensState } from '../../../src-shared/ipc/channels/screens';
import type { HubView } from '../../hub/hub-service';
import { pairingUri } from '../../hub/trust/pairing-code';

/** The fingerprint's first 16 hex digits in groups of four: what staff compare with a screen's join step. */
export function fingerprintGroups(fingerprint: string): string {
  return (fingerprint.slice(0, 16).match(/.{4}/g) ?? []).join(' ');
}

/** The QR of a pairing link, as modules the screen draws (the same shape as the first run's QR). */
export function qrOf(text: string): PairingQr {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, modules: Array.from(qr.modules.data, (dark) => (dark ? '1' : '0')).join('') };
}

function pairingOf(view: HubView): PairingView {
  const { pairing, invite } = view;
  if (pairing.state !== 'open') return { state: 'closed', why: pairing.state };
  const uri = invite ? pairingUri(invite) : null;
  return {
    state: 'open',
    code: pairing.code,
    expiresAt: new Date(pairing.expiresAt).toISOString(),
    attemptsLeft: pairing.attemptsLeft,
    uri,
    qr: uri ? qrOf(uri) : null,
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The hub as Settings › Telas shows it. */
export function screensState(view: HubView): ScreensState {
  return {
    state: view.state,
    enabled: view.enabled,
    port: view.port,
    problem: view.problem,
    discovery: view.discovery,
    name: view.name,
    fingerprint: view.fingerprint ? fingerprintGroups(view.fingerprint) : null,
    addresses: view.addresses,
    pairing: pairingOf(view),
    screens: view.screens.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      pairedAt: iso(s.pairedAt),
      lastContactAt: s.lastContactAt === null ? null : iso(s.lastContactAt),
      connected: s.connected,
    })),
  };
}
