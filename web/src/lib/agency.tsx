import { createContext, use, useCallback, useState, type ReactNode } from 'react'
import { getAgency } from './api'
import type { Agency } from './types'
import { useResource } from './useResource'

const AgencyContext = createContext<Agency | null>(null)
const AgencySettledContext = createContext(false)
const ReplaceAgencyContext = createContext<(record: unknown) => void>(() => {})

const FIELDS = ['name', 'creci', 'creci_display', 'phone', 'whatsapp', 'email', 'address', 'logo_url'] as const

/** Keeps the string fields of an answer; null when it names no agency (not set yet, or not an agency). */
function normaliseAgency(value: unknown): Agency | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  const agency = Object.fromEntries(
    FIELDS.map((field) => {
      const v = record[field]
      return [field, typeof v === 'string' && v.trim() ? v.trim() : null]
    }),
  ) as unknown as Agency
  return agency.name || agency.creci_display ? agency : null
}

/**
 * Reads the agency once for every page below it. A failed or empty read
 * leaves it null: pages show no agency and work as before. The back
 * office hands it the record it has just saved (useReplaceAgency), so
 * every page shows the new data without reading it again.
 */
export function AgencyProvider({ children }: { children: ReactNode }) {
  const resource = useResource('agency', (signal) => getAgency(signal))
  const [saved, setSaved] = useState<{ agency: Agency | null } | null>(null)
  const replace = useCallback((record: unknown) => setSaved({ agency: normaliseAgency(record) }), [])
  const agency = saved ? saved.agency : resource.status === 'ready' ? normaliseAgency(resource.data) : null
  const settled = saved !== null || resource.status !== 'loading'
  return (
    <ReplaceAgencyContext value={replace}>
      <AgencySettledContext value={settled}>
        <AgencyContext value={agency}>{children}</AgencyContext>
      </AgencySettledContext>
    </ReplaceAgencyContext>
  )
}

/** The agency, or null while it loads, when its read failed or when it is not set. */
export function useAgency(): Agency | null {
  return use(AgencyContext)
}

/** Whether the agency's read is over (done or failed): until then, useAgency's null tells nothing. */
export function useAgencySettled(): boolean {
  return use(AgencySettledContext)
}

/** The site's name: the agency's, or the product's while no agency is known. */
export function siteName(agency: Agency | null): string {
  return agency?.name ?? 'Vitrine'
}

/** Replaces the agency every page shows with a record just saved (GET/PUT /api/admin/agency answer the same fields). */
export function useReplaceAgency(): (record: unknown) => void {
  return use(ReplaceAgencyContext)
}
