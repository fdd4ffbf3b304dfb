import { AppError } from '../../../src-shared/errors';
import { pinnedGet } from '../trust/pinned-tls';
import { HubCard } from './protocol';

/**
 * The hub's card (`GET /hub`) read on a connection pinned to the certificate pairing proved: what a
 * screen learns of the hub beyond the pairing itself (whether it is a store's hub or a chain's server).
 */
export async function readHubCard(target: { host: string; port: number }, fingerprint: string, timeoutMs = 10_000): Promise<HubCard> {
  const answer = await pinnedGet(target, fingerprint, '/hub', timeoutMs);
  const card = answer.status === 200 ? HubCard.safeParse(answer.body) : undefined;
  if (!card?.success) throw new AppError('validation', `The hub's card is not one this screen understands (HTTP ${answer.status}).`);
  return card.data;
}
