import { z } from 'zod';
import { ClosureRules, DECLARED_PREPARATION_MINUTES, DEFAULT_CLOSURE_RULES } from '../../src-shared/store-rules/closure-rules';

/**
 * The settings of the platform's automatic closure in the sandbox: the closure rules exactly as the
 * project reads them (src-shared/store-rules/closure-rules.ts: the thresholds the terminal's rush
 * guard warns by), extended with what only the platform decides — which rules it applies to a store,
 * the preparation time the store declared (what "late" is measured against) and how long a closure
 * lasts. docs/sandbox-store.md, "Automatic closure".
 */

/** The rules by the names the rush guard's warnings use. */
export const CLOSURE_RULE_NAMES = ['timeouts', 'driver-wait', 'late-share'] as const;
export type ClosureRuleName = (typeof CLOSURE_RULE_NAMES)[number];

const flag = z.boolean({ error: 'deve ser true ou false' });
const whole = (min: number, max: number) => {
  const words = `deve ser um número inteiro de ${min} a ${max}`;
  return z.number({ error: words }).int(words).min(min, words).max(max, words);
};

const RuleSwitches = z.object({ timeouts: flag, 'driver-wait': flag, 'late-share': flag }).strict();

export const AutoClosureSettings = ClosureRules.extend({
  /** Which rules the platform applies to the store. */
  on: RuleSwitches,
  /** The preparation time the store declared: an order not out of the kitchen by then is late. */
  preparationMinutes: whole(1, 240),
  /** How long a closure lasts, whichever rule fired. */
  closeMinutes: whole(1, 24 * 60),
}).strict();
export type AutoClosureSettings = z.infer<typeof AutoClosureSettings>;

/**
 * What the control route takes: any of the settings; `on` is either every rule at once (true or
 * false) or some of them by name. What is left out stays as it was.
 */
export const AutoClosurePatch = AutoClosureSettings.partial()
  .extend({
    on: z.union([flag, RuleSwitches.partial().strict()], { error: 'deve ser true, false ou {timeouts, driver-wait, late-share} com true ou false' }).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, `diga o que mudar: ${Object.keys(AutoClosureSettings.shape).join(', ')}`);
export type AutoClosurePatch = z.infer<typeof AutoClosurePatch>;

/** The defaults: the project's thresholds, every rule off until a store (or the whole sandbox) asks for it. */
export function defaultSettings(on = false): AutoClosureSettings {
  return {
    ...DEFAULT_CLOSURE_RULES,
    on: { timeouts: on, 'driver-wait': on, 'late-share': on },
    preparationMinutes: DECLARED_PREPARATION_MINUTES,
    closeMinutes: 30,
  };
}

export function applyPatch(settings: AutoClosureSettings, patch: AutoClosurePatch): AutoClosureSettings {
  const { on, ...rest } = patch;
  const switches = typeof on === 'boolean' ? { timeouts: on, 'driver-wait': on, 'late-share': on } : on;
  return { ...settings, ...rest, on: { ...settings.on, ...switches } };
}

export function anyOn(settings: AutoClosureSettings): boolean {
  return CLOSURE_RULE_NAMES.some((rule) => settings.on[rule]);
}
