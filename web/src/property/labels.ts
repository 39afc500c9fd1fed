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

/** What a property's business offers: its `price` is a sale price only when it includes a sale. */
export function business(type: string): { sale: boolean; rent: boolean } {
  const key = type.trim().toLowerCase()
  if (key === 'venda_aluguel') return { sale: true, rent: true }
  if (isRental(key)) return { sale: false, rent: true }
  return { sale: true, rent: false }
}

const STATUS_LABELS: Record<string, string> = {
  disponivel: 'Disponível',
  reservado: 'Reservado',
  vendido: 'Vendido',
  alugado: 'Alugado',
}

/** "reservado" → "Reservado"; null for a value this client does not know. */
export function statusLabel(status: string): string | null {
  return STATUS_LABELS[status] ?? null
}

/** 0 → "Térreo", -1 → "Subsolo", -2 → "2º subsolo", 7 → "7º andar". */
export function floorLabel(floor: number): string {
  if (floor === 0) return 'Térreo'
  if (floor === -1) return 'Subsolo'
  if (floor < 0) return `${-floor}º subsolo`
  return `${floor}º andar`
}
