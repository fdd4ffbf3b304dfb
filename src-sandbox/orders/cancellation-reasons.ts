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
