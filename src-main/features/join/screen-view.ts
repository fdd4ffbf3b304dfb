import type { ScreenPairing } from '../../../src-shared/ipc/channels/join';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import type { TerminalControl } from '../../feature-kit/feature';
import { hubAddressText } from './address-text';

/** The hub this terminal is a screen of, as the window shows it: where it is now, its pinned certificate, what this screen is. */
export function screenPairingOf(terminal: TerminalControl): ScreenPairing | null {
  const side = terminal.screen();
  if (!side) return null;
  // The file follows the hub when it answers at a new address; the side keeps the pairing's first one.
  const pairing = terminal.file().screen ?? side.pairing;
  return {
    hubId: pairing.hubId,
    hubName: pairing.hubName,
    address: hubAddressText(pairing.host, pairing.port),
    fingerprint: pairing.fingerprint,
    kind: pairing.kind,
    name: pairing.name,
    pairedAt: pairing.pairedAt,
    hubRole: pairing.role,
    credentialMissing: side.link().reason === 'no-credential',
  };
}

/** `setup:state` as a screen (or a first run, once unpaired) says it: no account of its own. */
export function screenSetupState(terminal: TerminalControl): SetupState {
  const screen = screenPairingOf(terminal);
  const { secrets } = terminal;
  return {
    account: null,
    problem: screen ? null : terminal.problem,
    credentialStore: { kind: secrets.kind, description: secrets.description },
    screen,
  };
}
