import type { GatheredReport } from '../../diagnostics/report';
import type { ScreenSide } from '../../feature-kit/feature';
import type { HubView } from '../../hub/hub-service';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * The diagnostics file's part on the store's other screens: support asks "is the kitchen's screen
 * paired, and can it reach the counter?" first. Names, kinds and states only; never a credential.
 */
export function screensFacts(hub: HubView, screen: ScreenSide | undefined): GatheredReport['screens'] {
  if (screen) {
    const { pairing } = screen;
    const link = screen.link();
    return {
      role: 'screen',
      hubName: pairing.hubName,
      // Without brackets: a log or a support ticket reads it as the settings file has it.
      address: `${pairing.host} port ${pairing.port}`,
      kind: pairing.kind,
      link: { state: link.state, since: link.since, reason: link.reason },
    };
  }
  return {
    role: 'hub',
    state: hub.state,
    enabled: hub.enabled,
    port: hub.port,
    problem: hub.problem ? `${hub.problem.kind}: ${hub.problem.message}` : null,
    discovery: hub.discovery,
    paired: hub.screens
      .filter((s) => s.revokedAt === null)
      .map((s) => ({ name: s.name, kind: s.kind, connected: s.connected, lastContactAt: iso(s.lastContactAt) })),
  };
}
