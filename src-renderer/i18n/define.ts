/**
 * Each feature folder keeps its own strings (`messages.ts`): Portuguese (Brazil) first, the default,
 * and English with exactly the same keys, checked by the type.
 */
export function defineMessages<const P extends Record<string, string>>(ptBR: P, en: { [K in keyof P]: string }) {
  return { 'pt-BR': ptBR, en } as { 'pt-BR': Record<keyof P & string, string>; en: Record<keyof P & string, string> };
}
