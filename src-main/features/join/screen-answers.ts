import { AppError } from '../../../src-shared/errors';
import { AppStatus } from '../../../src-shared/ipc/channels/status';
import { screenOwnSettings, screenSettings } from '../../../src-shared/ipc/channels/join';
import { ReportedError } from '../../../src-shared/errors';
import { applySettingsPatch, Settings } from '../../../src-shared/settings';
import type { AppContext } from '../../feature-kit/feature';
import type { Handlers } from '../../ipc/dispatcher';
import { sampleOrder } from '../../print/tickets/sample-order';
import { NOT_HEARD_FROM } from '../../sync/connectivity';
import { screenSetupState } from './screen-view';

/**
 * The channels a screen answers itself: the ones only a hub may be asked (its account, its
 * configuration, its printers) in a screen's words, and the two it asks the hub and adds its own
 * to: its settings (the language, sounds and density are the screen's) and its status (the hub's
 * link to the platform and clock; this machine's version, shell and folder). A store terminal of a
 * chain's server prints itself: its printers are its own settings, and every `print:*` channel is
 * answered by its own print queue; a screen of a store's hub asks its hub (which prints).
 */
export type ScreenAnswered =
  | 'status:get'
  | 'setup:state'
  | 'setup:demo'
  | 'setup:checkCentralized'
  | 'setup:startAuthorization'
  | 'setup:completeAuthorization'
  | 'setup:finish'
  | 'setup:signOut'
  | 'settings:get'
  | 'settings:update'
  | 'print:order'
  | 'print:test'
  | 'print:preview'
  | 'print:status'
  | 'print:systemPrinters';

export function screenAnswers({ clock, push, version, shell, terminal }: AppContext): Pick<Handlers, ScreenAnswered> {
  const side = () => {
    const found = terminal.screen();
    if (!found) throw new AppError('not-configured', 'this terminal is not a screen');
    return found;
  };
  const notHere = (what: string) => (): never => {
    throw new AppError('forbidden', `this terminal is a screen of ${side().pairing.hubName}: ${what}`);
  };
  const own = (): Settings => terminal.file().settings;
  const role = () => terminal.file().screen?.role ?? 'terminal';
  /** The hub's answer, for a screen that does not print itself. */
  const hubs = async <T>(channel: 'print:order' | 'print:preview' | 'print:status', input: unknown): Promise<T> => {
    const answer = await side().hub.invoke(channel, input);
    if (!answer.ok) throw new ReportedError(answer.error);
    return answer.value as T;
  };

  const account = notHere("its account is the hub terminal's (unpair it in Settings to use another)");
  const printers = notHere('printers are set up at the hub terminal');

  return {
    'status:get': async () => {
      const { hub, lastSaid } = side();
      const answer = await hub.invoke('status:get', {});
      const parsed = answer.ok ? AppStatus.safeParse(answer.value) : null;
      if (parsed?.success) lastSaid.status = parsed.data;
      const mine = { version, shell, dataDir: terminal.config.dataDir };
      if (parsed?.success) return { ...parsed.data, ...mine };
      // The hub is out of reach: what it said last, on this machine's clock.
      const last = lastSaid.status ?? { mode: 'live' as const, apiBaseUrl: null, pollIntervalSeconds: 0, connectivity: NOT_HEARD_FROM };
      return { ...last, ...mine, now: new Date(clock.now()).toISOString() };
    },
    'setup:state': () => screenSetupState(terminal),
    'setup:demo': account,
    'setup:checkCentralized': account,
    'setup:startAuthorization': account,
    'setup:completeAuthorization': account,
    'setup:finish': account,
    'setup:signOut': account,
    'settings:get': async () => {
      const { hub, lastSaid } = side();
      const answer = await hub.invoke('settings:get', {});
      const parsed = answer.ok ? Settings.safeParse(answer.value) : null;
      if (parsed?.success) lastSaid.settings = parsed.data;
      return screenSettings(lastSaid.settings ?? own(), own(), role());
    },
    'settings:update': (patch) => {
      const { lastSaid } = side();
      const mine: readonly string[] = screenOwnSettings(role());
      const others = Object.keys(patch).filter((key) => !mine.includes(key));
      if (others.length > 0) throw new AppError('forbidden', `${others.join(', ')}: set at the hub terminal`, { field: others[0] ?? '' });
      const file = terminal.file();
      const settings = applySettingsPatch(file.settings, patch);
      terminal.save({ ...file, settings });
      const shown = screenSettings(lastSaid.settings ?? settings, settings, role());
      push.push('settings:changed', shown);
      return shown;
    },
    'print:order': async ({ orderId, tickets }) => {
      const printing = side().printing();
      return printing ? { queued: printing.reprint(orderId, tickets) } : hubs('print:order', tickets ? { orderId, tickets } : { orderId });
    },
    'print:test': async ({ printer }) => {
      const printing = side().printing();
      if (!printing) return printers();
      await printing.test(printer);
      return { printed: true as const };
    },
    'print:preview': async ({ ticket, width, encoding }) => {
      const printing = side().printing();
      return printing ? { svg: printing.preview(ticket, { width, encoding }, sampleOrder(clock.now())) } : hubs('print:preview', { ticket, width, encoding });
    },
    'print:status': async () => side().printing()?.status() ?? hubs('print:status', {}),
    'print:systemPrinters': async () => {
      const printing = side().printing();
      return printing ? { names: await printing.systemPrinters() } : printers();
    },
  };
}
