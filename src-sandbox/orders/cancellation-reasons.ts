/** The common cancellation codes of spec §4.5, as GET /orders/{id}/cancellationReasons lists them. */
export const ORDER_CANCELLATION_REASONS: readonly { code: string; description: string }[] = [
  { code: '501', description: 'Problemas de sistema' },
  { code: '502', description: 'Pedido em duplicidade' },
  { code: '503', description: 'Item indisponível' },
  { code: '504', description: 'Restaurante sem motoboy' },
  { code: '505', description: 'Cardápio desatualizado' },
  { code: '506', description: 'Pedido fora da área de entrega' },
  { code: '507', description: 'Cliente golpista / trote' },
  { code: '508', description: 'Fora do horário do delivery' },
  { code: '509', description: 'Dificuldades internas do restaurante' },
  { code: '511', description: 'Área de risco' },
  { code: '512', description: 'Restaurante abrirá mais tarde' },
];

export function isCancellationCode(code: string): boolean {
  return ORDER_CANCELLATION_REASONS.some((r) => r.code === code);
}

/**
 * The cancellations nobody asked the store about carry a code too, so a terminal words them in its
 * own language as it words 501–512; the text is the platform's, in Portuguese. The spec lists only
 * the merchant's codes and shows no CAN metadata: these codes are docs/merchant-api.md's (gap filled).
 */
export const PLATFORM_CANCELLATIONS = {
  /** Spec §4.5: confirm is mandatory within 8 minutes; the platform cancels at the deadline. */
  confirmationTimeout: { code: 'CONFIRMATION_TIMEOUT', description: 'Pedido não confirmado pela loja em até 8 minutos' },
  /** The customer cancelled in the app before the order left. */
  customerGaveUp: { code: 'CUSTOMER_GAVE_UP', description: 'O cliente desistiu do pedido' },
  /** The store accepted the customer's cancellation dispute. */
  disputeAccepted: { code: 'DISPUTE_ACCEPTED', description: 'A loja aceitou o pedido de cancelamento do cliente' },
  /** The customer's cancellation dispute went unanswered and its timeout accepted it. */
  disputeUnanswered: { code: 'DISPUTE_UNANSWERED', description: 'O pedido de cancelamento do cliente foi aceito porque a loja não respondeu a tempo' },
} as const satisfies Record<string, { code: string; description: string }>;
