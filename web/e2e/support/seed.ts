/** Properties the global setup creates through POST /api/admin/properties. */

export const YOUTUBE_ID = 'dQw4w9WgXcQ'
export const VIMEO_ID = '76979871'

const photo = (name: string, alt: string) => ({ url: `https://fotos.vitrine.test/${name}.jpg`, alt_text: alt })

const base = {
  condo_fee: null,
  type: 'venda',
  is_featured: false,
  is_active: true,
  description: null,
  address: null,
  code: null,
  video_url: null,
  video_position: 'section',
  amenities: [],
  photos: [],
}

export const SEED = {
  carousel: {
    ...base,
    title: 'Apartamento com vídeo no carrossel em Florianópolis',
    price: '450000.00',
    condo_fee: '850.00',
    bedrooms: 2,
    bathrooms: 2,
    parking_spots: 1,
    area_m2: 74.5,
    is_featured: true,
    code: 'E2E-CAR',
    address: 'Rua Esteves Júnior, 210',
    // The whole address is public: its page's map has a pin on this point.
    latitude: -27.5903117,
    longitude: -48.5536021,
    description: 'Apartamento reformado, com sacada e vista para a baía norte.',
    video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    video_position: 'carousel',
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Centro' },
    subtype: { name: 'Apartamento' },
    amenities: [
      { name: 'Sacada', group: 'caracteristica' },
      { name: 'Piscina', group: 'lazer' },
    ],
    photos: [photo('car-sala', 'Sala de estar com sacada'), photo('car-cozinha', 'Cozinha americana'), photo('car-quarto', 'Quarto de casal')],
  },
  section: {
    ...base,
    title: 'Apartamento 3 quartos com varanda gourmet na Beira-Mar',
    price: '1280000.00',
    condo_fee: '1350.00',
    bedrooms: 3,
    bathrooms: 3,
    parking_spots: 2,
    area_m2: 128,
    is_featured: true,
    code: 'AP-3021',
    address: 'Avenida Beira-Mar Norte, 3200',
    description:
      'Apartamento amplo e ensolarado, de frente para a Beira-Mar Norte, com varanda gourmet integrada à sala e vista definitiva para o mar.\n\nTrês quartos, sendo uma suíte com closet, cozinha planejada, área de serviço separada e duas vagas de garagem cobertas. Condomínio com portaria 24 horas, piscina, academia e salão de festas.',
    video_url: `https://vimeo.com/${VIMEO_ID}`,
    video_position: 'section',
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Agronômica' },
    subtype: { name: 'Apartamento' },
    amenities: [
      { name: 'Varanda gourmet', group: 'caracteristica' },
      { name: 'Suíte com closet', group: 'caracteristica' },
      { name: 'Cozinha planejada', group: 'caracteristica' },
      { name: 'Ar-condicionado', group: 'caracteristica' },
      { name: 'Piscina', group: 'lazer' },
      { name: 'Academia', group: 'lazer' },
      { name: 'Salão de festas', group: 'lazer' },
      { name: 'Playground', group: 'lazer' },
    ],
    photos: [
      photo('sec-fachada', 'Varanda gourmet com vista para o mar'),
      photo('sec-sala', 'Sala de estar integrada'),
      photo('sec-cozinha', 'Cozinha planejada'),
      photo('sec-suite', 'Suíte com closet'),
      photo('sec-piscina', 'Piscina do condomínio'),
    ],
  },
  noPhotos: {
    ...base,
    title: 'Terreno plano sem fotos no Campeche',
    price: '380000.00',
    bedrooms: 0,
    bathrooms: 0,
    parking_spots: 0,
    area_m2: 450,
    // Only the neighborhood is public: its map has a circle around the area, never this point.
    address_visibility: 'neighborhood',
    latitude: -27.6745213,
    longitude: -48.4867129,
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Campeche' },
    subtype: { name: 'Terreno' },
  },
  editable: {
    ...base,
    title: 'Sala comercial para editar o vídeo',
    price: '2500.00',
    type: 'aluguel',
    bedrooms: 0,
    bathrooms: 1,
    parking_spots: 1,
    area_m2: 42,
    city: { name: 'São José', state: 'SC' },
    neighborhood: { name: 'Kobrasol' },
    subtype: { name: 'Sala comercial' },
    photos: [photo('sala-comercial', 'Sala comercial com janelas amplas')],
  },
  inactive: {
    ...base,
    title: 'Casa inativa que não aparece no site',
    price: '990000.00',
    is_active: false,
    bedrooms: 4,
    bathrooms: 3,
    parking_spots: 2,
    area_m2: 220,
    city: { name: 'Palhoça', state: 'SC' },
    neighborhood: { name: 'Pedra Branca' },
    subtype: { name: 'Casa' },
    photos: [photo('casa-inativa', 'Fachada da casa')],
  },
} as const

export type SeedName = keyof typeof SEED
export interface SeededProperty {
  id: string
  slug: string
  title: string
}
export type Seeded = Record<SeedName, SeededProperty>

/** The agency's record the global setup stores: lead notices go to its e-mail. */
export const AGENCY = {
  name: 'Imobiliária Vitrine E2E',
  creci: 'CRECI/SC 12345-J',
  email: 'contato@imobiliaria-e2e.example',
} as const
