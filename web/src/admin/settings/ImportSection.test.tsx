import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer, bearer } from '../../test/admin'
import { json, makeAgency } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'

afterEach(() => vi.unstubAllGlobals())

const FILE = '<?xml version="1.0"?><ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"/>'

const result = (listing_id: string, action: string, extra: Record<string, unknown> = {}) => ({
  listing_id,
  action,
  property_id: null,
  changes: [],
  problems: [],
  warnings: [],
  photos_fetched: 0,
  ...extra,
})

/** An NDJSON answer: one line per value. */
function ndjson(lines: unknown[]): Response {
  return new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson' },
  })
}

function importServer(answer: (url: URL, init: RequestInit) => Response) {
  const imports = vi.fn(answer)
  const server = adminServer({
    'GET /api/v1/agency': () => json(200, makeAgency()),
    'GET /api/admin/agency': () => json(200, { ...makeAgency(), privacy_email: null, notice_copy: false, daily_summary: false, updated_at: null, updated_by: null }),
    'GET /api/admin/privacy-policy': () =>
      json(200, { text: 'x', is_default: true, updated_at: null, updated_by: null, default_text: 'x', max_length: 20000 }),
    'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
    'POST /api/admin/imports/vrsync': imports,
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return imports
}

describe('importing a VRSync file (Agência)', () => {
  it('checks the file first, then imports it, showing each listing', async () => {
    const imports = importServer((url) =>
      url.searchParams.get('dry_run') === 'true'
        ? ndjson([
            result('OUT-1', 'created', { changes: ['title', 'price'], photos_fetched: 2, warnings: [{ field: 'Details/Features', message: 'características desconhecidas dos portais, não importadas: "Castle Moat"' }] }),
            result('OUT-2', 'updated', { property_id: '0192d7a0-0000-7000-8000-000000000001', changes: ['price', 'photos'] }),
            result('BAD-1', 'refused', { problems: [{ field: 'TransactionType', message: 'tipo de negócio "For Swap" desconhecido (use For Sale, For Rent ou Sale/Rent)' }] }),
            { done: true, dry_run: true, totals: { listings: 3, created: 1, updated: 1, unchanged: 0, refused: 1, photos_fetched: 2 }, error: null },
          ])
        : ndjson([
            result('OUT-1', 'created', { property_id: '0192d7a0-0000-7000-8000-000000000002', photos_fetched: 2 }),
            result('OUT-2', 'updated', { property_id: '0192d7a0-0000-7000-8000-000000000001', changes: ['price', 'photos'] }),
            result('BAD-1', 'refused', { problems: [{ field: 'TransactionType', message: 'tipo de negócio "For Swap" desconhecido (use For Sale, For Rent ou Sale/Rent)' }] }),
            { done: true, dry_run: false, totals: { listings: 3, created: 1, updated: 1, unchanged: 0, refused: 1, photos_fetched: 2 }, error: null },
          ]),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const section = within(await screen.findByRole('region', { name: 'Importar imóveis de um arquivo VRSync' }))
    const importButton = section.getByRole('button', { name: 'Importar' })
    expect(importButton).toBeDisabled()
    expect(section.getByRole('button', { name: 'Verificar' })).toBeDisabled()

    await user.upload(section.getByLabelText(/Arquivo VRSync/), new File([FILE], 'imoveis.xml', { type: 'text/xml' }))
    await user.click(section.getByRole('button', { name: 'Verificar' }))

    expect(await section.findByText(/3 anúncios no arquivo: 1 seria criado, 1 seria atualizado, 0 ficariam sem mudanças, 1 seria recusado; 2 fotos a baixar\. Nada foi gravado\./)).toBeInTheDocument()
    const rows = section.getAllByRole('row')
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('OUT-1')
    expect(rows[1]).toHaveTextContent('Seria criado')
    expect(rows[1]).toHaveTextContent('Aviso — Details/Features: características desconhecidas dos portais, não importadas: "Castle Moat"')
    expect(rows[1]).toHaveTextContent('2 fotos a baixar.')
    expect(rows[2]).toHaveTextContent('Seria atualizado')
    expect(rows[2]).toHaveTextContent('Muda: Preço de venda, Fotos.')
    expect(rows[3]).toHaveTextContent('Recusado')
    expect(rows[3]).toHaveTextContent('TransactionType: tipo de negócio "For Swap" desconhecido')

    const [checkUrl, checkInit] = imports.mock.calls[0]
    expect(checkUrl.search).toBe('?dry_run=true&photos=fetch')
    expect(bearer(checkInit)).toBe(true)
    expect((checkInit.headers as Record<string, string>)['Content-Type']).toBe('application/xml')
    expect((checkInit.body as File).name).toBe('imoveis.xml') // the file chosen, sent as it is

    await user.click(importButton)
    expect(await section.findByText(/3 anúncios: 1 criado, 1 atualizado, 0 sem mudanças, 1 recusado; 2 fotos baixadas\./)).toBeInTheDocument()
    expect(section.getAllByRole('row')[1]).toHaveTextContent('Criado')
    expect(section.getAllByRole('row')[1]).toHaveTextContent('2 fotos baixadas.')
    expect(imports.mock.calls[1][0].search).toBe('?dry_run=false&photos=fetch')
  })

  it('keeps the photos as addresses when asked, and shows why a file is refused', async () => {
    const imports = importServer(() =>
      json(422, { error: 'O arquivo é de outro formato: a raiz é <rss> sem espaço de nomes, e um arquivo VRSync tem <ListingDataFeed>.' }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const section = within(await screen.findByRole('region', { name: 'Importar imóveis de um arquivo VRSync' }))
    await user.upload(section.getByLabelText(/Arquivo VRSync/), new File(['<rss/>'], 'feed.xml', { type: 'text/xml' }))
    await user.click(section.getByLabelText(/Baixar as fotos/))
    await user.click(section.getByRole('button', { name: 'Verificar' }))
    expect(await section.findByRole('alert')).toHaveTextContent('O arquivo é de outro formato: a raiz é <rss>')
    expect(imports.mock.calls[0][0].search).toBe('?dry_run=true&photos=link')
    await waitFor(() => expect(section.getByRole('button', { name: 'Importar' })).toBeDisabled())
    expect(section.queryByRole('table')).not.toBeInTheDocument()
  })

  it('an answer the page cannot show fails that page only, not the back office', async () => {
    // The server once sent changes: null for an unchanged listing; the
    // page read its length and the whole back office went blank.
    importServer(() =>
      ndjson([
        result('OUT-1', 'unchanged', { changes: null }),
        { done: true, dry_run: true, totals: { listings: 1, created: 0, updated: 0, unchanged: 1, refused: 0, photos_fetched: 0 }, error: null },
      ]),
    )
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const section = within(await screen.findByRole('region', { name: 'Importar imóveis de um arquivo VRSync' }))
    await user.upload(section.getByLabelText(/Arquivo VRSync/), new File([FILE], 'imoveis.xml', { type: 'text/xml' }))
    await user.click(section.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível mostrar esta página')
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Área da equipe' })
    expect(within(nav).getByRole('link', { name: 'Equipe e acesso' })).toBeInTheDocument()

    // Another page of the back office still works.
    await user.click(within(nav).getByRole('link', { name: /Contatos/ }))
    expect(await screen.findByRole('heading', { name: 'Contatos' })).toBeInTheDocument()
    expect(screen.queryByText('Não foi possível mostrar esta página')).not.toBeInTheDocument()
    quiet.mockRestore()
  })
})
