/**
 * How a city is written for people, the one way every page writes it (as
 * the server's listing.CityLabel): its name, an en dash and its state,
 * "Florianópolis – SC".
 */
export function cityLabel(name: string, state: string): string {
  return `${name} – ${state}`
}
