import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAgency, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'
import { paragraphs } from './PrivacyPage'

afterEach(() => vi.unstubAllGlobals())

describe('privacy page', () => {
  it("shows the agency's policy as paragraphs of plain text, its date, and its title", async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/agency': () => json(200, makeAgency({ name: 'Imobiliária Lagoa' })),
      'GET /api/v1/privacy-policy': () =>
        json(200, {
          text: 'Primeiro parágrafo <b>sem HTML</b>.\n\nSegundo parágrafo,\ncom uma quebra de linha.',
          is_default: false,
          updated_at: '2026-11-20T15:00:00Z',
        }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/privacidade')
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeInTheDocument()
    expect(await screen.findByText('Primeiro parágrafo <b>sem HTML</b>.')).toBeInTheDocument()
    expect(screen.getByText(/Segundo parágrafo,/)).toHaveTextContent('Segundo parágrafo, com uma quebra de linha.')
    expect(screen.getByText(/Atualizada em/)).toHaveTextContent('Atualizada em 20/11/2026.')
    await vi.waitFor(() => expect(document.title).toBe('Política de privacidade — Imobiliária Lagoa'))
    // Every public page links to it.
    expect(screen.getByRole('contentinfo')).toContainElement(screen.getByRole('link', { name: 'Política de privacidade' }))
  })

  it('offers to try again when the policy cannot be read', async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'GET /api/v1/privacy-policy': () => json(503, { error: 'indisponível' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/privacidade')
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar a política de privacidade.')
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('splits paragraphs on blank lines only', () => {
    expect(paragraphs('Um.\n\n\nDois,\ntrês.\n  \nQuatro.')).toEqual(['Um.', 'Dois,\ntrês.', 'Quatro.'])
  })
})
