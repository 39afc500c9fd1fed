import type {
  ContactData,
  ContactResult,
  FieldErrors,
  PlaceList,
  PrivacyNotice,
  PrivacyPolicy,
  PropertyDetail,
  PropertyPage,
  PropertySummary,
  PublicAgency,
  SavedSearch,
  SavedSearchFrequency,
  SavedSearchInput,
  SavedSearchList,
  SearchResult,
  VisitBooked,
  VisitInput,
  VisitLink,
  VisitSlots,
} from './types'

export const GENERIC_ERROR = 'Algo deu errado. Tente novamente.'
export const NOT_FOUND_MESSAGE = 'Imóvel não encontrado'

/**
 * An API failure. `status` is the HTTP status, or 0 when no response arrived
 * (network failure). `message` is the server's `error` text when it sent one.
 */
export class ApiError extends Error {
  readonly status: number
  readonly details: FieldErrors | null
  /** The server's own `error` text, when the body carried one. */
  readonly serverMessage: string | null

  constructor(status: number, serverMessage: string | null, details: FieldErrors | null = null) {
    super(serverMessage ?? (status === 0 ? 'Falha de rede' : `HTTP ${status}`))
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.details = details
  }

  get isNotFound(): boolean {
    return this.status === 404
  }
  get isUnauthorized(): boolean {
    return this.status === 401
  }
  get isValidation(): boolean {
    return this.status === 422
  }
  get isRateLimited(): boolean {
    return this.status === 429
  }
}

/** The server's `details` as forms show them (each key: its messages). */
export function normaliseDetails(value: unknown): FieldErrors | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const out: FieldErrors = {}
  for (const [key, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[key] = messages.filter((m): m is string => typeof m === 'string')
    else if (typeof messages === 'string') out[key] = [messages]
  }
  return out
}

export interface RequestOptions {
  method?: string
  /** Sent as JSON; a Blob (a File) is sent as it is, with `contentType`. */
  body?: unknown
  /** The Content-Type of a Blob body (default: the Blob's own type). */
  contentType?: string
  token?: string
  signal?: AbortSignal
  /**
   * 'blob' returns a successful answer as a Blob (a file to save) instead of parsed JSON;
   * 'ndjson' reads it line by line as it arrives, gives each line (parsed) to `onLine`
   * and returns them all. Errors are read as JSON either way.
   */
  as?: 'json' | 'blob' | 'ndjson'
  onLine?: (line: unknown) => void
}

const ACCEPT = { json: 'application/json', blob: '*/*', ndjson: 'application/x-ndjson, application/json' }

export async function request<T>(
  path: string,
  { method = 'GET', body, contentType, token, signal, as = 'json', onLine }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: ACCEPT[as] }
  const raw = body instanceof Blob
  if (body !== undefined) headers['Content-Type'] = raw ? contentType || body.type || 'application/octet-stream' : 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, null)
  }

  if (as === 'ndjson' && response.ok) {
    try {
      return (await readLines(response, onLine)) as T
    } catch (error) {
      if (signal?.aborted) throw error
      throw new ApiError(0, null)
    }
  }

  if (as === 'blob' && response.ok) {
    try {
      return (await response.blob()) as T
    } catch (error) {
      if (signal?.aborted) throw error
      throw new ApiError(0, null)
    }
  }

  let payload: unknown = null
  const text = await response.text().catch(() => '')
  if (text) {
    try {
      payload = JSON.parse(text)
    } catch {
      payload = null
    }
  }

  if (!response.ok) {
    const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}
    const message = typeof record.error === 'string' ? record.error : null
    throw new ApiError(response.status, message, normaliseDetails(record.details))
  }
  return payload as T
}

/** Reads an NDJSON answer as it arrives: each line parsed, given to onLine, all returned. */
async function readLines(response: Response, onLine?: (line: unknown) => void): Promise<unknown[]> {
  const lines: unknown[] = []
  const take = (text: string) => {
    if (!text.trim()) return
    const line: unknown = JSON.parse(text)
    lines.push(line)
    onLine?.(line)
  }
  if (!response.body) {
    ;(await response.text()).split('\n').forEach(take)
    return lines
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let rest = ''
  for (;;) {
    const { done, value } = await reader.read()
    rest += decoder.decode(value, { stream: !done })
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    parts.forEach(take)
    if (done) break
  }
  take(rest)
  return lines
}

const enc = encodeURIComponent

// --- public

export function getProperty(slug: string, signal?: AbortSignal): Promise<PropertyDetail> {
  const served = takeServedProperty(slug)
  if (served) return Promise.resolve(served)
  return request<PropertyDetail>(`/api/v1/properties/${enc(slug)}`, { signal })
}

/**
 * The detail the server wrote into a property page it served (internal/seo, the element
 * `vitrine-detail`), when it is this property's: the page shows it without asking again,
 * a round trip sooner. Taken once: a later visit within the app asks the API.
 */
export function takeServedProperty(slug: string): PropertyDetail | null {
  const element = document.getElementById('vitrine-detail')
  if (!element) return null
  element.remove()
  try {
    const detail = JSON.parse(element.textContent ?? '') as PropertyDetail
    return detail && detail.slug === slug ? detail : null
  } catch {
    return null
  }
}

export function getAgency(signal?: AbortSignal): Promise<PublicAgency> {
  return request<PublicAgency>('/api/v1/agency', { signal })
}

export function listProperties(page = 1, perPage = 12, signal?: AbortSignal): Promise<PropertyPage> {
  return request<PropertyPage>(`/api/v1/properties?page=${page}&per_page=${perPage}`, { signal })
}

/** GET /api/v1/search with the API's own parameters (search/searchAddress builds them). */
export function searchProperties(params: URLSearchParams, signal?: AbortSignal): Promise<SearchResult> {
  const query = params.toString()
  return request<SearchResult>(query ? `/api/v1/search?${query}` : '/api/v1/search', { signal })
}

/** Available listings like the property slug, for the page of one off the market (at most 4). */
export function getSimilar(slug: string, signal?: AbortSignal): Promise<{ items: PropertySummary[] }> {
  return request<{ items: PropertySummary[] }>(`/api/v1/properties/${enc(slug)}/similar`, { signal })
}

/** Cities and neighborhoods whose name has a word starting with `q` (at most 8). */
export function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceList> {
  return request<PlaceList>(`/api/v1/search/places?q=${enc(q)}`, { signal })
}

export function getPrivacyNotice(signal?: AbortSignal): Promise<PrivacyNotice> {
  return request<PrivacyNotice>('/api/v1/privacy-notice', { signal })
}

export function getPrivacyPolicy(signal?: AbortSignal): Promise<PrivacyPolicy> {
  return request<PrivacyPolicy>('/api/v1/privacy-policy', { signal })
}

export function submitContactForm(slug: string, data: ContactData): Promise<ContactResult> {
  return request<ContactResult>(`/api/v1/properties/${enc(slug)}/contact`, { method: 'POST', body: data })
}

// --- saved searches: the token of an e-mail's link is the only credential

/** Saves a search for alerts; the answer is the same whether or not the e-mail had it (202). */
export function createSavedSearch(data: SavedSearchInput): Promise<{ message: string }> {
  return request<{ message: string }>('/api/v1/saved-searches', { method: 'POST', body: data })
}

export function confirmSavedSearch(token: string): Promise<SavedSearch> {
  return request<SavedSearch>('/api/v1/saved-searches/confirm', { method: 'POST', body: { token } })
}

export function manageSavedSearches(token: string, signal?: AbortSignal): Promise<SavedSearchList> {
  return request<SavedSearchList>('/api/v1/saved-searches/manage', { method: 'POST', body: { token }, signal })
}

export function setSavedSearchFrequency(token: string, id: number, frequency: SavedSearchFrequency): Promise<SavedSearch> {
  return request<SavedSearch>('/api/v1/saved-searches/frequency', { method: 'POST', body: { token, id, frequency } })
}

export function deleteSavedSearch(token: string, id: number): Promise<void> {
  return request<void>('/api/v1/saved-searches/delete', { method: 'POST', body: { token, id } })
}

/** E-mails the visitor their favourites ("Enviar minha lista por e-mail"); 202 whether or not one goes out. */
export function sendFavorites(email: string, slugs: readonly string[], noticeVersion: string): Promise<{ message: string }> {
  return request<{ message: string }>('/api/v1/favorites/email', {
    method: 'POST',
    body: { email, slugs: [...slugs], notice_version: noticeVersion },
  })
}

// --- booking a visit

export function getVisitSlots(slug: string, signal?: AbortSignal): Promise<VisitSlots> {
  return request<VisitSlots>(`/api/v1/properties/${enc(slug)}/visit-slots`, { signal })
}

export function bookVisit(slug: string, data: VisitInput): Promise<VisitBooked> {
  return request<VisitBooked>(`/api/v1/properties/${enc(slug)}/visits`, { method: 'POST', body: data })
}

/** The visit of a link's token (the fragment of /visitas#…), sent in the body, never in an address. */
export function lookupVisit(token: string, signal?: AbortSignal): Promise<VisitLink> {
  return request<VisitLink>('/api/v1/visits/lookup', { method: 'POST', body: { token }, signal })
}

export function cancelVisit(token: string): Promise<VisitLink> {
  return request<VisitLink>('/api/v1/visits/cancel', { method: 'POST', body: { token } })
}

export function rescheduleVisit(token: string, startsAt: string): Promise<VisitLink> {
  return request<VisitLink>('/api/v1/visits/reschedule', { method: 'POST', body: { token, starts_at: startsAt } })
}
