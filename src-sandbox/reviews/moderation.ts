/**
 * The content check of a merchant's answer (spec §4.3, §7.2): insults and discriminatory words,
 * customer personal data (phone numbers, e-mail addresses, CPF numbers), links, and unauthorized
 * promotions (coupons, promo codes). A hit answers 422 with details.reason INAPPROPRIATE_CONTENT.
 * The lists are small and deliberate: a sandbox must be predictable, not clever.
 */

export type ContentProblem = 'insult' | 'personal-data' | 'link' | 'promotion';

/** What a refused answer is told (the 422's message), in the platform's words. */
export const PROBLEM_WORDS: Record<ContentProblem, string> = {
  insult: 'ofensa ou insulto',
  'personal-data': 'dados pessoais do cliente',
  link: 'link não autorizado',
  promotion: 'promoção não autorizada',
};

const INSULTS = [
  'idiota',
  'burro',
  'burra',
  'otario',
  'otaria',
  'imbecil',
  'estupido',
  'estupida',
  'babaca',
  'palhaco',
  'merda',
  'porra',
  'caralho',
  'puta',
  'vagabundo',
  'vagabunda',
  'idiot',
  'stupid',
  'moron',
  'dumb',
  'jerk',
  'loser',
  'fuck',
  'shit',
  'bitch',
  'asshole',
];

const PROMOTION_PATTERNS = [/\bcupo(m|ns)\b/, /\bcoupons?\b/, /\bpromo ?codes?\b/, /\bcodigo promocional\b/, /\d+\s?% ?off\b/, /\bvoucher\b/];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
/** Eight or more digits, allowing the separators people type: "+55 (11) 98765-4321", "11 3456.7890". */
const PHONE = /\+?\d(?:[\s().-]*\d){7,}/;
const LINK = /(https?:\/\/|www\.)|\b[a-z0-9-]+\.(com|net|org|br|io|me|app|ly|info|biz)\b/;

/** Lowercase without accents, so "Estúpido" and "estupido" read the same. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function contentProblem(text: string): ContentProblem | undefined {
  const folded = fold(text);
  // Each word also without a plural "s", so "idiots" and "idiotas" are caught like "idiot".
  const words = new Set(folded.split(/[^a-z0-9]+/).flatMap((w) => (w ? [w, w.replace(/s$/, '')] : [])));
  if (INSULTS.some((w) => words.has(w))) return 'insult';
  if (EMAIL.test(folded) || PHONE.test(folded)) return 'personal-data';
  if (LINK.test(folded)) return 'link';
  if (PROMOTION_PATTERNS.some((p) => p.test(folded))) return 'promotion';
  return undefined;
}

/** Customer comments with insults fail the automatic triage (the review becomes INVALID). */
export function violatesGuidelines(comment: string | undefined): boolean {
  return comment !== undefined && contentProblem(comment) === 'insult';
}
