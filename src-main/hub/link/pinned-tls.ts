import { isIP } from 'node:net';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { certificateFingerprint } from '../trust/fingerprint';

/**
 * A TLS connection that trusts one certificate only: the hub's, pinned by its fingerprint when the
 * screen paired. The hub's certificate is self-signed, so the system's authorities are no help
 * (`rejectUnauthorized: false`); this check is the whole trust, made on the handshake's own peer
 * certificate, before the screen says anything.
 */

/** A fingerprint as written anywhere (`AB:CD:…` as OpenSSL prints it, or plain hex), in the one form compared. */
export function normalFingerprint(text: string): string {
  return text.replace(/:/g, '').toLowerCase();
}

export interface PinnedConnector {
  /** Opens the connection (ws's `createConnection`): cut as soon as the handshake shows another certificate. */
  connect(options: ConnectionOptions): TLSSocket;
  /** True only once the peer showed the pinned certificate on this connection. */
  verified(): boolean;
  /** The peer showed another certificate (a rogue device at the hub's address, or a hub that changed its key). */
  mismatched(): boolean;
}

export function pinnedConnector(fingerprint: string): PinnedConnector {
  const pinned = normalFingerprint(fingerprint);
  let verdict: 'none' | 'verified' | 'mismatched' = 'none';
  return {
    connect: (options) => {
      const host = options.host ?? '';
      const socket = connect({ ...options, rejectUnauthorized: false, servername: isIP(host) ? '' : host });
      socket.once('secureConnect', () => {
        const der = socket.getPeerCertificate().raw as Buffer | undefined;
        verdict = der && certificateFingerprint(der) === pinned ? 'verified' : 'mismatched';
        if (verdict === 'mismatched') socket.destroy(new Error('the hub showed another certificate than the one pinned at pairing'));
      });
      return socket;
    },
    verified: () => verdict === 'verified',
    mismatched: () => verdict === 'mismatched',
  };
}
