import type { Operation } from '../../src-shared/wire/merchant';
import { stableUuid } from '../seed/ids';
import type { SeedStore } from '../seed/stores';
import type { AutoClosureStatus } from './auto-closure';
import { isActive, type Interruption } from './interruptions';
import { isOpenAt, secondsUntilNextOpening, type Shift } from './opening-hours';
import { clockText, localMoment } from './store-time';

/**
 * Operation status (spec §2.4, §3.3): one entry per offered operation and enabled sales channel,
 * each with its validations. Derivation (the spec leaves it open; documented in docs/sandbox-store.md):
 *   validation states — is-connected OK|ERROR, opening-hours OK|CLOSED, catalog-enabled OK|ERROR,
 *   delivery-area OK|ERROR, unavailabilities OK|WARNING (a pause starts within the hour)|CLOSED
 *   (a pause is active), auto-closure OK|CLOSED (the platform closed the overloaded store; checked
 *   only for a store under the automatic closure rules, auto-closure.ts);
 *   entry state — UNAVAILABLE when the operation is not offered (INDOOR never is) or no channel is
 *   enabled; else CLOSED if any validation is CLOSED (closed as expected wins: a customer sees a
 *   closed store), else ERROR if any is ERROR, else WARNING if any is WARNING, else OK.
 *   `available` is true for OK and WARNING.
 */

export const CONNECTED_WINDOW_MS = 30_000;
export const PAUSE_WARNING_MS = 60 * 60_000;

export type ValidationState = 'OK' | 'WARNING' | 'CLOSED' | 'ERROR';
export type EntryState = ValidationState | 'UNAVAILABLE';
export type ValidationCode = 'is-connected' | 'opening-hours' | 'catalog-enabled' | 'delivery-area' | 'unavailabilities' | 'auto-closure';

export interface StatusMessage {
  title: string;
  subtitle: string;
  description: string;
}

export interface Validation {
  id: string;
  code: ValidationCode;
  state: ValidationState;
  message: StatusMessage;
}

export interface StatusEntry {
  operation: Operation;
  salesChannel: string;
  available: boolean;
  state: EntryState;
  validations: Validation[];
  message: StatusMessage;
}

export interface StatusInputs {
  store: SeedStore;
  nowMs: number;
  lastPollAt: number | undefined;
  shifts: readonly Shift[];
  interruptions: readonly Interruption[];
  catalogEnabled: (operation: Operation) => boolean;
  deliveryArea: boolean;
  /** Left out: the store is not under the automatic closure rules. */
  autoClosure?: AutoClosureStatus;
}

const CHECKS: Record<Operation, ValidationCode[]> = {
  DELIVERY: ['is-connected', 'opening-hours', 'catalog-enabled', 'delivery-area', 'unavailabilities'],
  TAKEOUT: ['is-connected', 'opening-hours', 'catalog-enabled', 'unavailabilities'],
  INDOOR: [],
};

const msg = (title: string, subtitle: string, description = ''): StatusMessage => ({ title, subtitle, description });

/**
 * The messages are the platform's free text, in Portuguese as a Brazilian marketplace writes them;
 * what a terminal words in its own language is the validation's code and state.
 */
const OPERATION_WORDS: Record<Operation, string> = { DELIVERY: 'entrega', TAKEOUT: 'retirada', INDOOR: 'consumo no local' };

function localTime(epochMs: number): string {
  return clockText(localMoment(epochMs).secondOfDay).slice(0, 5);
}

function judge(code: ValidationCode, operation: Operation, inputs: StatusInputs): [ValidationState, StatusMessage] {
  const { nowMs } = inputs;
  switch (code) {
    case 'is-connected': {
      const ok = inputs.lastPollAt !== undefined && nowMs - inputs.lastPollAt <= CONNECTED_WINDOW_MS;
      return ok
        ? ['OK', msg('Conectada', 'O aplicativo da loja está buscando pedidos')]
        : ['ERROR', msg('Desconectada', 'Nenhuma busca de pedidos nos últimos 30 segundos', 'Abra o aplicativo da loja e mantenha-o buscando pedidos.')];
    }
    case 'opening-hours': {
      if (isOpenAt(inputs.shifts, nowMs)) return ['OK', msg('Dentro do horário de funcionamento', 'A loja está aberta agora')];
      const wait = secondsUntilNextOpening(inputs.shifts, nowMs);
      const next = wait === undefined ? 'Nenhum horário de funcionamento cadastrado.' : `Abre às ${localTime(nowMs + wait * 1000)} (horário da loja).`;
      return ['CLOSED', msg('Fora do horário de funcionamento', 'Fechada como previsto', next)];
    }
    case 'catalog-enabled':
      return inputs.catalogEnabled(operation)
        ? ['OK', msg('Cardápio ativo', `O cardápio está à venda para ${OPERATION_WORDS[operation]}`)]
        : ['ERROR', msg('Cardápio desativado', `Nenhum cardápio ativo para ${OPERATION_WORDS[operation]}`, 'Ative um cardápio para esta operação.')];
    case 'delivery-area':
      return inputs.deliveryArea
        ? ['OK', msg('Área de entrega definida', 'Clientes dentro da área podem pedir')]
        : ['ERROR', msg('Sem área de entrega', 'Nenhuma área de entrega configurada', 'Configure uma área de entrega para receber pedidos de entrega.')];
    case 'unavailabilities': {
      const active = inputs.interruptions.find((i) => isActive(i, nowMs));
      if (active)
        return ['CLOSED', msg('Pausada', active.description || 'A loja está pausada', `Reabre às ${localTime(Date.parse(active.end))} (horário da loja).`)];
      const soon = inputs.interruptions.find((i) => Date.parse(i.start) > nowMs && Date.parse(i.start) - nowMs <= PAUSE_WARNING_MS);
      if (soon)
        return [
          'WARNING',
          msg('Pausa programada', soon.description || 'Há uma pausa programada', `A pausa começa às ${localTime(Date.parse(soon.start))} (horário da loja).`),
        ];
      return ['OK', msg('Sem pausa', 'Nenhuma interrupção ativa')];
    }
    case 'auto-closure': {
      const closure = inputs.autoClosure?.closure;
      if (closure)
        return [
          'CLOSED',
          msg('Fechada pela plataforma', `Fechamento automático: ${closure.reason}`, `Reabre às ${localTime(closure.untilMs)} (horário da loja).`),
        ];
      return ['OK', msg('Sem fechamento automático', 'A loja não está sobrecarregada')];
    }
  }
}

const OVERALL_ORDER: ValidationState[] = ['CLOSED', 'ERROR', 'WARNING'];

/** Validation ids are stable per store, operation, channel and code; hashing them once keeps status cheap. */
const validationIds = new Map<string, string>();
function validationId(key: string): string {
  let id = validationIds.get(key);
  if (!id) {
    id = stableUuid(`validation/${key}`);
    validationIds.set(key, id);
  }
  return id;
}

/** One operation's entries: the validations are judged once and shared by its channels. */
function entriesFor(operation: Operation, channels: readonly string[], inputs: StatusInputs): StatusEntry[] {
  const codes: ValidationCode[] = inputs.autoClosure?.checked ? [...CHECKS[operation], 'auto-closure'] : CHECKS[operation];
  const judged = codes.map((code) => [code, ...judge(code, operation, inputs)] as const);
  const decisive = OVERALL_ORDER.map((state) => judged.find(([, s]) => s === state)).find((v) => v !== undefined);
  const state: EntryState = decisive?.[1] ?? 'OK';
  return channels.map((salesChannel) => ({
    operation,
    salesChannel,
    available: state === 'OK' || state === 'WARNING',
    state,
    validations: judged.map(([code, vState, message]): Validation => ({
      id: validationId(`${inputs.store.id}/${operation}/${salesChannel}/${code}`),
      code,
      state: vState,
      message,
    })),
    message: decisive?.[2] ?? msg('Aberta', 'Online e pronta para receber pedidos'),
  }));
}

function unavailable(operation: Operation, why: string): StatusEntry {
  return {
    operation,
    salesChannel: 'MARKETPLACE',
    available: false,
    state: 'UNAVAILABLE',
    validations: [],
    message: msg('Indisponível', why),
  };
}

/** Entries of one operation: one per enabled channel, or a single UNAVAILABLE entry. */
export function operationStatus(operation: Operation, inputs: StatusInputs): StatusEntry[] {
  if (operation === 'INDOOR') return [unavailable(operation, 'O consumo no local (INDOOR) está indisponível no momento')];
  const offered = inputs.store.operations.find((o) => o.name === operation);
  if (!offered) return [unavailable(operation, `A loja não oferece ${OPERATION_WORDS[operation]}`)];
  const channels = offered.salesChannels.filter((c) => c.enabled);
  if (channels.length === 0) return [unavailable(operation, `Nenhum canal de venda ativo para ${OPERATION_WORDS[operation]}`)];
  return entriesFor(
    operation,
    channels.map((c) => c.name),
    inputs,
  );
}

/** Entries of every operation the store offers. */
export function storeStatus(inputs: StatusInputs): StatusEntry[] {
  return inputs.store.operations.flatMap((o) => operationStatus(o.name, inputs));
}
