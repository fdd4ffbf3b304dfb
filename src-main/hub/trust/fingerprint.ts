import { createHash, X509Certificate } from 'node:crypto';

/** What a screen pins: SHA-256 of the certificate's DER, lowercase hex (64 characters). */
export function certificateFingerprint(certificate: string | Uint8Array): string {
  const der = typeof certificate === 'string' ? new X509Certificate(certificate).raw : certificate;
  return createHash('sha256').update(der).digest('hex');
}

export const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;
