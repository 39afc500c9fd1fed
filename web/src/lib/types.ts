/**
 * The API's types under the client's names. Each one is the API document's
 * (internal/httpapi/openapi.json, generated into ./api.gen.ts by `npm run gen:api`):
 * the server's HTTP tests hold every answer to that document, so a field the
 * client reads is one the server sends, with the optionality it has there.
 */
import type { components, operations } from './api.gen'

/** The document's named schemas (components.schemas). */
export type Schemas = components['schemas']

/** The query parameters an operation takes, by its operationId. */
export type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>

/**
 * A write's own fields. A write schema also lists the read's fields it accepts
 * and ignores, so that a read can be sent back; the document gives those no
 * type (they come out `unknown`), and the client never sends them.
 */
export type Writable<T> = { [K in keyof T as unknown extends T[K] ? never : K]: T[K] }

// --- a property

/**
 * A photo as the public API gives it. An uploaded photo comes in several widths
 * (url, width, height and srcset describe its largest JPEG); an external one
 * (an address staff typed) comes as it is, with width, height and srcset null.
 */
export type Photo = Schemas['Photo']
export type Amenity = Schemas['Amenity']
export type City = Schemas['City']
export type PropertyDetail = Schemas['PropertyDetail']
export type PropertySummary = Schemas['PropertySummary']
export type PropertyStatus = PropertyDetail['status']
export type PropertyPage = Schemas['PropertyPage']
/** Where a map shows a listing: its point (radius_m null) or the area that holds it. */
export type PropertyLocation = Schemas['Location']

// --- the agency, its privacy notice and policy, a visitor's contact

/** The agency as every public page shows it; each field null until set. */
export type Agency = Schemas['Agency']
/** The public read of the agency: the agency, and the tile server of the site's maps. */
export type PublicAgency = Schemas['PublicAgency']
export type PrivacyNotice = Schemas['PrivacyNotice']
export type PrivacyPolicy = Schemas['PrivacyPolicy']
export type ContactData = Schemas['LeadInput']
export type ContactResult = Schemas['LeadCreated']

/** A 422's `details`: each field, its messages. */
export type FieldErrors = NonNullable<Schemas['Error']['details']>

// --- search (GET /api/v1/search and /api/v1/search/places)

export type SearchBusiness = NonNullable<Query<'searchProperties'>['business']>
export type SearchSort = NonNullable<Query<'searchProperties'>['sort']>
export type FacetValue = Schemas['FacetValue']
export type SearchFacets = Schemas['Facets']
export type SearchResult = Schemas['SearchPage']
export type PlaceSuggestion = Schemas['Place']
export type PlaceList = Schemas['PlaceList']

// --- saved searches with e-mail alerts (POST /api/v1/saved-searches and the links of their e-mails)

export type SavedSearchInput = Schemas['SavedSearchInput']
export type SavedSearchFrequency = SavedSearchInput['frequency']
export type SavedSearch = Schemas['SavedSearch']
export type SavedSearchList = Schemas['SavedSearchList']
export type SavedSearchStats = Schemas['SavedSearchStats']

// --- booking a visit

/** A broker's free slots, grouped by date in the agency's zone (no day: no booking offered). */
export type VisitSlots = Schemas['VisitSlots']
export type VisitSlot = Schemas['VisitSlot']
export type VisitInput = Schemas['VisitInput']
export type VisitBooked = Schemas['VisitBooked']
/** What a visitor's link opens: their visit, and the slots it may move to. */
export type VisitLink = Schemas['VisitLink']
