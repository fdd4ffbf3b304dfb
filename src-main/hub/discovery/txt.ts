import { z } from 'zod';
import type { HubIdentity } from '../contract';

/**
 * What a hub says about itself on the store's network (DNS-SD, RFC 6763): the service type, and the
 * TXT record a screen reads before pairing. The TXT only helps a person pick the right hub; nothing
 * in it is trusted: pairing proves the hub by its full certificate fingerprint.
 */

/** `_storeterminal._tcp`: ciao and bonjour-service add the underscores and the protocol. */
export const HUB_SERVICE_TYPE = 'storeterminal';

/** The version of the screen protocol a hub serves; a screen tells the staff when it cannot speak it. */
export const HUB_PROTOCOL_VERSION = 1;

/** 16 hex digits (64 bits) of the SHA-256 fingerprint: enough to tell two hubs apart at a glance. */
export const FINGERPRINT_PREFIX_LENGTH = 16;

/**
 * A hub's name as screens show it: the Device name's bound, in characters (code points), on one
 * line. 60 code points are at most 240 bytes of UTF-8: `name=` and the name fit in one TXT entry (255).
 */
const NAME_MAX = 60;

/**
 * Control characters (they break the list's lines), bidirectional overrides and isolates (they make
 * "Loja Centro" read as another name), and U+FFFD, what a bad UTF-8 sequence decodes to.
 */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffd]/u;

const HubName = z
  .string()
  .min(1)
  .max(2 * NAME_MAX)
  .refine((name) => [...name].length <= NAME_MAX, `at most ${NAME_MAX} characters`)
  .refine((name) => !UNSHOWABLE.test(name) && name.trim() === name, 'a name on one line, without control characters');

export const HubId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * The TXT record as screens read it. Keys are ours and lowercase; an entry that breaks this schema
 * makes the whole announcement ignored (DNS-SD keys are case-insensitive, but a hub never sends
 * another case, so another case is not a hub of ours).
 */
export const HubTxt = z.object({
  v: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .transform(Number),
  id: HubId,
  name: HubName,
  fp: z.string().regex(new RegExp(`^[0-9a-f]{${FINGERPRINT_PREFIX_LENGTH}}$`)),
});
export type HubTxt = z.infer<typeof HubTxt>;

/** The TXT entries as a hub publishes them (ciao encodes each as `key=value`, UTF-8). */
export type HubTxtEntries = z.input<typeof HubTxt>;

/** A hub's own name, made showable: the store's name may be long or carry what a list can't show. */
export function showableHubName(name: string): string {
  const cleaned = [...name.normalize('NFC').replace(new RegExp(UNSHOWABLE.source, 'gu'), ' ').replace(/\s+/g, ' ').trim()];
  const cut = cleaned.slice(0, NAME_MAX).join('').trim();
  return cut.length > 0 ? cut : 'Store Terminal';
}

export function hubTxtFor(identity: Pick<HubIdentity, 'hubId' | 'name' | 'fingerprint'>): HubTxtEntries {
  const entries = {
    v: String(HUB_PROTOCOL_VERSION),
    id: identity.hubId,
    name: showableHubName(identity.name),
    fp: identity.fingerprint.toLowerCase().slice(0, FINGERPRINT_PREFIX_LENGTH),
  };
  // The hub checks what it will say with the screens' own schema: a wrong identity fails here, loudly, not on every screen.
  HubTxt.parse(entries);
  return entries;
}

/** The TXT of an announcement heard on the network, or why it is not one of ours. */
export function readHubTxt(txt: unknown): { ok: true; txt: HubTxt } | { ok: false; why: string } {
  const parsed = HubTxt.safeParse(txt);
  if (parsed.success) return { ok: true, txt: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, why: issue ? `${issue.path.join('.') || 'txt'}: ${issue.message}` : 'malformed TXT' };
}
