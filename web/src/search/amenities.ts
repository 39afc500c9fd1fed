/**
 * The amenities the filter panel offers. The search answer has no amenity
 * facet and the public API no list of amenities, so these are the common
 * ones of the catalogue (slugs as the server derives them from the names).
 * An amenity the catalogue does not hold makes the API answer 422, which
 * the page shows with a way to clear the filters.
 */
export const AMENITY_CHOICES: ReadonlyArray<readonly [slug: string, label: string]> = [
  ['piscina', 'Piscina'],
  ['academia', 'Academia'],
  ['churrasqueira', 'Churrasqueira'],
  ['salao-de-festas', 'Salão de festas'],
  ['playground', 'Playground'],
  ['varanda-gourmet', 'Varanda gourmet'],
  ['ar-condicionado', 'Ar-condicionado'],
  ['portaria-24-horas', 'Portaria 24 horas'],
]

/** An amenity's name: the known one, else its slug in words ("espaco-gourmet" → "Espaco gourmet"). */
export function amenityLabel(slug: string): string {
  const known = AMENITY_CHOICES.find(([s]) => s === slug)
  if (known) return known[1]
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
