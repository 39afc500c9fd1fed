import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF, adminServer, labelled as input, uploadServer } from '../../test/admin'
import { json, makeAdminDetail } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { Role } from '../session/types'
import type { OwnerRecord } from './api'

const ID = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const COPY = '0b8e2f52-4d5c-4b4e-9a3f-1f2e3d4c5b6a'

afterEach(() => vi.unstubAllGlobals())

function record(overrides: Partial<OwnerRecord> = {}): OwnerRecord {
  return {
    name: 'Joaquim Silva',
    phones: ['(48) 99999-0001'],
    emails: ['joaquim@exemplo.com.br'],
    exclusive: true,
    exclusive_until: '2027-06-30',
    commission: 6.5,
    keys: 'Na portaria',
    notes: 'Aceita proposta.',
    updated_at: '2026-11-20T10:00:00Z',
    updated_by: { kind: 'user', name: 'Ana Souza' },
    anonymized_at: null,
    documents: [
      {
        id: 'a'.repeat(32),
        name: 'escritura.pdf',
        content_type: 'application/pdf',
        size: 250_000,
        created_at: '2026-11-20T10:00:00Z',
        created_by: { kind: 'user', name: 'Ana Souza' },
      },
    ],
    max_document_bytes: 20 << 20,
    ...overrides,
  }
}

/** Opens the captação of the page, closed until asked for. */
async function openOwner(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole('region', { name: 'Captação' })
  await user.click(within(section).getByRole('button', { name: 'Captação' }))
  return section
}

/** The edit page of a listing whose broker is `brokerID`, for a user of `role` (STAFF, id 1). */
function ownerServer(role: Role, brokerID: number | null, routes: Record<string, (url: URL, init: RequestInit) => Response> = {}) {
  const property = { ...makeAdminDetail({ id: ID, title: 'Casa no Campeche' }), broker_id: brokerID }
  const getOwner = vi.fn(() => json(200, record()))
  const server = adminServer(
    {
      [`GET /api/admin/properties/${ID}`]: () => json(200, property),
      [`GET /api/admin/properties/${ID}/photos`]: () => json(200, { photos: [] }),
      [`GET /api/admin/properties/${ID}/owner`]: getOwner,
      'GET /api/admin/users': () => json(200, { items: [] }),
      ...routes,
    },
    { role },
  )
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { server, getOwner }
}

describe('captação', () => {
  it('shows the owner record to an administrador and saves it whole, commission in Brazilian decimals', async () => {
    const put = vi.fn((_url: URL, init: RequestInit) => json(200, record({ ...JSON.parse(init.body as string), documents: record().documents })))
    const { getOwner } = ownerServer('administrador', null, { [`PUT /api/admin/properties/${ID}/owner`]: put })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const section = await screen.findByRole('region', { name: 'Captação' })
    // Closed, and not fetched, until asked for.
    expect(screen.queryByLabelText('Proprietário')).not.toBeInTheDocument()
    expect(getOwner).not.toHaveBeenCalled()
    await openOwner(user)
    await waitFor(() => expect(input('Proprietário')).toHaveValue('Joaquim Silva'))
    expect(input('Comissão (%)')).toHaveValue('6,5')
    expect(input('Exclusivo até')).toHaveValue('2027-06-30')
    expect(within(section).getByText('escritura.pdf')).toBeInTheDocument()
    expect(within(section).getByText(/244 KB/)).toBeInTheDocument()

    await user.clear(input('Comissão (%)'))
    await user.type(input('Comissão (%)'), '5,25')
    await user.type(input('E-mails'), '\nmaria@exemplo.com.br')
    await user.click(input('Exclusividade'))
    expect(screen.queryByLabelText('Exclusivo até')).not.toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Salvar captação' }))
    await screen.findByText('Captação salva.')
    expect(JSON.parse((put.mock.calls[0] as [URL, RequestInit])[1].body as string)).toEqual({
      name: 'Joaquim Silva',
      phones: ['(48) 99999-0001'],
      emails: ['joaquim@exemplo.com.br', 'maria@exemplo.com.br'],
      exclusive: false,
      exclusive_until: null,
      commission: 5.25,
      keys: 'Na portaria',
      notes: 'Aceita proposta.',
    })
  })

  it('shows the server’s messages under the fields it refused', async () => {
    const put = vi.fn(() =>
      json(422, { error: 'Dados inválidos', details: { commission: ['Informe a comissão entre 0 e 100%, com até duas casas decimais.'] } }),
    )
    ownerServer('administrador', null, { [`PUT /api/admin/properties/${ID}/owner`]: put })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await openOwner(user)
    await waitFor(() => expect(input('Comissão (%)')).toHaveValue('6,5'))
    await user.clear(input('Comissão (%)'))
    await user.type(input('Comissão (%)'), '150')
    await user.click(screen.getByRole('button', { name: 'Salvar captação' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Corrija os campos marcados.')
    expect(input('Comissão (%)')).toHaveAccessibleDescription(/Informe a comissão entre 0 e 100%/)
    expect(input('Comissão (%)')).toHaveAttribute('aria-invalid', 'true')
  })

  it('uploads a document and lists it; shows why the server refused another', async () => {
    const { server } = ownerServer('administrador', null)
    const uploads = uploadServer(server.tokens)
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const section = await openOwner(user)
    await within(section).findByText('escritura.pdf')

    await user.upload(input('Enviar documento'), new File(['%PDF-1.4'], 'matricula.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(1))
    expect(uploads.sent[0].url).toBe(`/api/admin/properties/${ID}/owner/documents`)
    expect(uploads.sent[0].file?.name).toBe('matricula.pdf')
    uploads.sent[0].respond(201, { ...record().documents[0], id: 'b'.repeat(32), name: 'matricula.pdf', size: 8 })
    expect(await within(section).findByText('Documento matricula.pdf enviado.')).toBeInTheDocument()
    expect(within(section).getByRole('list', { name: 'Documentos do proprietário' }).children).toHaveLength(2)

    await user.upload(input('Enviar documento'), new File(['oi'], 'nota.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(2))
    uploads.sent[1].respond(415, { error: 'Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP.' })
    expect(
      await within(section).findByText('nota.pdf: Formato de arquivo não suportado. Envie documentos em PDF, JPEG, PNG ou WebP.'),
    ).toBeInTheDocument()
  })

  it('deletes a document after confirming', async () => {
    const del = vi.fn(() => new Response(null, { status: 204 }))
    ownerServer('administrador', null, { [`DELETE /api/admin/properties/${ID}/owner/documents/${'a'.repeat(32)}`]: del })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const section = await openOwner(user)
    await user.click(await within(section).findByRole('button', { name: 'Excluir escritura.pdf' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir o documento escritura.pdf?' })
    expect(del).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await within(section).findByText('Documento escritura.pdf excluído.')).toBeInTheDocument()
    expect(del).toHaveBeenCalledTimes(1)
    expect(within(section).getByText('Nenhum documento enviado.')).toBeInTheDocument()
  })

  it('shows the captação to the listing’s broker, never to another corretor or an assistente', async () => {
    ownerServer('corretor', STAFF.id)
    const first = renderApp(`/admin/imoveis/${ID}`)
    expect(await screen.findByRole('region', { name: 'Captação' })).toBeInTheDocument()
    first.unmount()

    for (const [role, broker] of [['corretor', 99], ['assistente', null], ['assistente', 99]] as const) {
      vi.unstubAllGlobals()
      const { getOwner } = ownerServer(role, broker)
      const view = renderApp(`/admin/imoveis/${ID}`)
      await screen.findByRole('heading', { level: 1, name: /Casa no Campeche/ })
      expect(screen.queryByRole('region', { name: 'Captação' })).not.toBeInTheDocument()
      expect(getOwner).not.toHaveBeenCalled()
      view.unmount()
    }
  })

  it('duplicates the listing and opens the copy', async () => {
    const copy = { ...makeAdminDetail({ id: COPY, title: 'Casa no Campeche (cópia)' }), is_active: false }
    const post = vi.fn(() => json(201, copy))
    ownerServer('administrador', null, {
      [`POST /api/admin/properties/${ID}/duplicate`]: post,
      [`GET /api/admin/properties/${COPY}`]: () => json(200, copy),
      [`GET /api/admin/properties/${COPY}/photos`]: () => json(200, { photos: [] }),
      [`GET /api/admin/properties/${COPY}/owner`]: () => json(200, record({ name: '', documents: [], updated_at: null })),
    })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await user.click(await screen.findByRole('button', { name: 'Duplicar imóvel' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Casa no Campeche \(cópia\)/ })).toBeInTheDocument()
    expect(post).toHaveBeenCalledTimes(1)
    expect(window.location.pathname).toBe(`/admin/imoveis/${COPY}`)
    expect(screen.getByText(/Cópia criada como rascunho inativo/)).toBeInTheDocument()
  })
})
