import type { PropertyDetail, PropertySummary } from './types'

/** The card's fields of a listing's detail. */
export function summaryOf(p: PropertyDetail): PropertySummary {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    code: p.code,
    price: p.price,
    condo_fee: p.condo_fee,
    type: p.type,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    parking_spots: p.parking_spots,
    area_m2: p.area_m2,
    is_featured: p.is_featured,
    city: p.city,
    neighborhood: p.neighborhood,
    subtype: p.subtype,
    cover: p.photos[0] ?? null,
    rent_price: p.rent_price,
    rent_period: p.rent_period,
    status: p.status,
    location: p.location,
  }
}
