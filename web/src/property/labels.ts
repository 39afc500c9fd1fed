const TYPE_LABELS: Record<string, string> = {
  venda: 'Venda',
  aluguel: 'Aluguel',
  venda_aluguel: 'Venda e aluguel',
  locacao: 'Aluguel',
  'locação': 'Aluguel',
  temporada: 'Temporada',
}

/** "venda" → "Venda"; unknown values are shown capitalised as they come. */
export function typeLabel(type: string): string {
  const key = type.trim().toLowerCase()
  if (TYPE_LABELS[key]) return TYPE_LABELS[key]
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Imóvel'
}

export function isRental(type: string): boolean {
  return ['aluguel', 'locacao', 'locação', 'temporada'].includes(type.trim().toLowerCase())
}
