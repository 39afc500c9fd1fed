import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer, bearer, uploadServer } from '../../test/admin'
import { json, makeAgency } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import { creciPreview } from './AgencyPage'

afterEach(() => vi.unstubAllGlobals())

const RECORD = { ...makeAgency(), logo_upload: null, privacy_email: null, notice_copy: false, daily_summary: false, updated_at: '2026-11-20T15:00:00Z', updated_by: null }

const DEFAULT_POLICY = 'Imobiliária Ilha Bela (CRECI/SC 12345-J) é a controladora dos dados pessoais.\n\nSeus direitos: escreva para contato@ilhabela.example.'
const POLICY = {
  text: DEFAULT_POLICY,
  is_default: true,
  updated_at: null,
  updated_by: null,
  default_text: DEFAULT_POLICY,
  max_length: 20000,
}

function agencyServer(
  put: (body: Record<string, unknown>) => Response,
  putPolicy: (body: Record<string, unknown>) => Response = () => json(500, {}),
) {
  const save = vi.fn((_url: URL, init: RequestInit) => put(JSON.parse(init.body as string)))
  const savePolicy = vi.fn((_url: URL, init: RequestInit) => putPolicy(JSON.parse(init.body as string)))
  const removeLogo = vi.fn(() => json(200, { ...RECORD, logo_upload: null }))
  const server = adminServer({
    'DELETE /api/admin/agency/logo': removeLogo,
    'GET /api/v1/agency': () => json(200, makeAgency()),
    'GET /api/admin/agency': () => json(200, RECORD),
    'PUT /api/admin/agency': save,
    'GET /api/admin/privacy-policy': () => json(200, POLICY),
    'PUT /api/admin/privacy-policy': savePolicy,
    'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { ...server, save, savePolicy, removeLogo }
}

const field = (label: RegExp) => screen.getByLabelText(label)

describe('agency page', () => {
  it('sends the logo as a file, shows it in the header once made, keeps the address typed before, and removes it', async () => {
    const url = 'https://ilhabela.example/media/4f6c1a2b3c4d5e6f708192a3b4c5d6e7-480.jpg'
    const made = { url, width: 480, height: 240, srcset: { jpeg: `${url} 480w`, webp: `${url.replace('.jpg', '.webp')} 480w` } }
    const ready = { logo: made, logo_upload: { status: 'ready', error: null, url } }
    const server = agencyServer((body) => json(200, { ...RECORD, ...body, ...ready, creci_display: 'CRECI/SC 12345-J' }))
    const uploads = uploadServer(server.tokens)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const logo = await screen.findByRole('group', { name: 'Logotipo' })
    expect(screen.queryByLabelText(/^Endereço do logotipo/)).toBeNull()

    await user.upload(within(logo).getByLabelText('Enviar logotipo'), new File(['png'], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(1))
    expect(uploads.sent[0].method).toBe('PUT')
    expect(uploads.sent[0].url).toBe('/api/admin/agency/logo')
    expect(uploads.sent[0].file?.name).toBe('logo.png')
    await act(async () => uploads.sent[0].respond(200, { ...RECORD, logo_url: 'https://img.example.com/antigo.png', ...ready }))
    expect(within(logo).getByRole('status')).toHaveTextContent('Logotipo salvo')
    expect(within(logo).getByRole('img', { name: 'Logotipo da Imobiliária Ilha Bela' })).toHaveAttribute('src', url)
    // The header shows the new logo at once.
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Imobiliária Ilha Bela' })).toHaveAttribute('src', url)

    // A save sends back the address typed before, which the form does not show.
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(server.save).toHaveBeenCalledTimes(1))
    expect(JSON.parse(server.save.mock.calls[0][1].body as string)).toMatchObject({ logo_url: 'https://img.example.com/antigo.png' })

    await user.click(within(logo).getByRole('button', { name: 'Remover o logotipo' }))
    expect(await within(logo).findByText('Logotipo removido')).toBeInTheDocument()
    expect(server.removeLogo).toHaveBeenCalledTimes(1)
    expect(within(logo).queryByRole('img')).toBeNull()
  })

  it('reads the CRECI as the server does', () => {
    expect(creciPreview('12345-J', 'SC')).toBe('CRECI/SC 12345-J')
    expect(creciPreview(' creci 12345j ', 'PR')).toBe('CRECI/PR 12345-J')
    expect(creciPreview('CRECI/SC 4321', '')).toBe('CRECI/SC 4321-J')
    expect(creciPreview('4321 J', 'RS')).toBe('CRECI/RS 4321-J')
    expect(creciPreview('4321-J/SC', 'PR')).toBe('CRECI/SC 4321-J')
    expect(creciPreview('CRECI 1234567-J', 'SC')).toBe('CRECI/SC 1234567-J')
    expect(creciPreview('12345-J', '')).toBeNull()
    expect(creciPreview('12345678-J', 'SC')).toBeNull()
    expect(creciPreview('12345-F', 'SC')).toBeNull()
    expect(creciPreview('', 'SC')).toBeNull()
  })

  it('shows each refused field under it and in a summary, keeping what was typed', async () => {
    const { save } = agencyServer(() =>
      json(422, {
        error: 'Dados inválidos',
        details: {
          creci: ['Informe o CRECI da imobiliária (pessoa jurídica) com o estado, como CRECI/SC 12345-J.'],
          email: ['Informe um e-mail válido.'],
        },
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')

    expect(await screen.findByRole('heading', { name: 'Agência', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(field(/^Nome da imobiliária/)).toHaveValue('Imobiliária Ilha Bela'))
    expect(field(/^Telefone/)).toHaveValue('(48) 3333-4444')
    expect(field(/^WhatsApp/)).toHaveValue('(48) 99999-0000')
    expect(screen.getByText('Última alteração em 20/11/2026, 12:00.')).toBeInTheDocument()

    await user.clear(field(/^CRECI/))
    await user.type(field(/^CRECI/), '12345-F')
    expect(field(/^CRECI/)).toHaveAccessibleDescription(/Como aparece no site: —/)
    await user.clear(field(/^E-mail$/))
    await user.type(field(/^E-mail$/), 'contato@')
    await user.clear(field(/^Endereço$/))
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent('Não foi possível salvar. Corrija os campos indicados:')
    expect(within(summary).getByRole('link', { name: 'CRECI' })).toBeInTheDocument()
    expect(within(summary).getByRole('link', { name: 'E-mail' })).toBeInTheDocument()
    await waitFor(() => expect(summary).toHaveFocus())

    expect(field(/^CRECI/)).toHaveAttribute('aria-invalid', 'true')
    expect(field(/^CRECI/)).toHaveAccessibleDescription(/com o estado, como CRECI\/SC 12345-J/)
    expect(field(/^E-mail$/)).toHaveAttribute('aria-invalid', 'true')
    expect(field(/^E-mail$/)).toHaveAccessibleDescription(/Informe um e-mail válido\./)
    expect(field(/^Nome da imobiliária/)).not.toHaveAttribute('aria-invalid')
    expect(field(/^CRECI/)).toHaveValue('12345-F')
    expect(field(/^E-mail$/)).toHaveValue('contato@')

    expect(save).toHaveBeenCalledTimes(1)
    expect(bearer(save.mock.calls[0][1])).toBe(true)
    expect(JSON.parse(save.mock.calls[0][1].body as string)).toEqual({
      name: 'Imobiliária Ilha Bela',
      creci: '12345-F',
      state: 'SC',
      phone: '(48) 3333-4444',
      whatsapp: '(48) 99999-0000',
      email: 'contato@',
      privacy_email: null,
      address: null,
      brand_color: null,
      financing_rate: 11.5,
      logo_url: null,
      notice_copy: false,
      daily_summary: false,
    })

    await user.click(within(summary).getByRole('link', { name: 'CRECI' }))
    expect(field(/^CRECI/)).toHaveFocus()
    await user.type(field(/^CRECI/), 'x')
    expect(field(/^CRECI/)).not.toHaveAttribute('aria-invalid')
  })

  it('saves, shows "Alterações salvas" and the public pages show the new agency', async () => {
    const { save } = agencyServer((body) =>
      json(200, {
        ...RECORD,
        name: body.name,
        creci: 'CRECI/SC 54321-J',
        creci_display: 'CRECI/SC 54321-J',
        phone: '+554832220000',
        updated_at: '2026-11-26T14:00:00Z',
        updated_by: { kind: 'user', name: 'Ana Souza' },
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    await waitFor(() => expect(field(/^Nome da imobiliária/)).toHaveValue('Imobiliária Ilha Bela'))
    const footer = screen.getByRole('contentinfo')
    await waitFor(() => expect(footer).toHaveTextContent('Imobiliária Ilha Bela · CRECI/SC 12345-J'))

    await user.clear(field(/^Nome da imobiliária/))
    await user.type(field(/^Nome da imobiliária/), 'Ilha Bela Imóveis')
    await user.clear(field(/^CRECI/))
    await user.type(field(/^CRECI/), 'creci 54321j')
    expect(field(/^CRECI/)).toHaveAccessibleDescription(/Como aparece no site: CRECI\/SC 54321-J/)
    await user.clear(field(/^Telefone/))
    await user.type(field(/^Telefone/), '48 3222 0000')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    await waitFor(() => expect(screen.getByText('Alterações salvas')).toHaveAttribute('role', 'status'))
    expect(JSON.parse(save.mock.calls[0][1].body as string)).toMatchObject({ name: 'Ilha Bela Imóveis', creci: 'creci 54321j', phone: '48 3222 0000' })
    expect(field(/^CRECI/)).toHaveValue('CRECI/SC 54321-J')
    expect(field(/^Telefone/)).toHaveValue('(48) 3222-0000')
    expect(screen.getByText('Última alteração por Ana Souza em 26/11/2026, 11:00.')).toBeInTheDocument()
    expect(footer).toHaveTextContent('Ilha Bela Imóveis · CRECI/SC 54321-J')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('turns the daily summary on and shows what was saved', async () => {
    const { save } = agencyServer((body) => json(200, { ...RECORD, daily_summary: body.daily_summary }))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const summary = await screen.findByRole('checkbox', { name: /Enviar todas as manhãs, a cada corretor/ })
    expect(summary).not.toBeChecked()
    await user.click(summary)
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(screen.getByText('Alterações salvas')).toHaveAttribute('role', 'status'))
    expect(JSON.parse(save.mock.calls[0][1].body as string)).toMatchObject({ daily_summary: true, notice_copy: false })
    expect(summary).toBeChecked()
  })

  it('saves the e-mail for privacy requests with the record', async () => {
    const { save } = agencyServer((body) => json(200, { ...RECORD, privacy_email: body.privacy_email }))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const privacy = await screen.findByLabelText('E-mail para pedidos de privacidade (LGPD)')
    expect(privacy).toHaveAccessibleDescription(/Em branco, vale o e-mail acima/)
    await user.type(privacy, 'privacidade@ilhabela.example')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(JSON.parse(save.mock.calls[0][1].body as string)).toMatchObject({ privacy_email: 'privacidade@ilhabela.example' })
  })

  it("saves the simulator's yearly rate typed with a comma, and refuses what is not a number", async () => {
    const { save } = agencyServer((body) => json(200, { ...RECORD, financing_rate: body.financing_rate }))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const rate = await screen.findByLabelText('Taxa de juros do simulador (% ao ano)')
    expect(rate).toHaveValue('11,5')
    await user.clear(rate)
    await user.type(rate, 'onze')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Informe a taxa como um número, como 11,5.', { selector: 'p, span, li, a' })).toBeInTheDocument()
    expect(save).not.toHaveBeenCalled()
    await user.clear(rate)
    await user.type(rate, '10,49')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(JSON.parse(save.mock.calls[0][1].body as string)).toMatchObject({ financing_rate: 10.49 })
    await waitFor(() => expect(rate).toHaveValue('10,49'))
  })

  it('edits the privacy policy, starting from the default text, and records who saved it', async () => {
    const { savePolicy } = agencyServer(
      () => json(500, {}),
      (body) =>
        json(200, {
          ...POLICY,
          text: body.text,
          is_default: false,
          updated_at: '2026-11-26T14:00:00Z',
          updated_by: { kind: 'user', name: 'Ana Souza' },
        }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    const text = await screen.findByLabelText('Texto da política de privacidade')
    expect(text).toHaveValue(DEFAULT_POLICY)
    expect(screen.getByText(/o site mostra o texto padrão abaixo/)).toBeInTheDocument()
    await user.clear(text)
    await user.type(text, 'Nossa política.{Enter}{Enter}Segundo parágrafo.')
    await user.click(screen.getByRole('button', { name: 'Salvar política' }))
    await waitFor(() => expect(screen.getByText('Política salva')).toHaveAttribute('role', 'status'))
    expect(JSON.parse(savePolicy.mock.calls[0][1].body as string)).toEqual({ text: 'Nossa política.\n\nSegundo parágrafo.' })
    expect(screen.getByText('Última alteração da política por Ana Souza em 26/11/2026, 11:00.')).toBeInTheDocument()
    expect(screen.queryByText(/o site mostra o texto padrão abaixo/)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Usar o texto padrão' }))
    expect(text).toHaveValue(DEFAULT_POLICY)
  })

  it("shows the server's refusal of the policy's text", async () => {
    agencyServer(
      () => json(500, {}),
      () => json(422, { error: 'Dados inválidos', details: { text: ['Deve ter no máximo 20000 caracteres.'] } }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/agencia')
    await screen.findByLabelText('Texto da política de privacidade')
    await user.click(screen.getByRole('button', { name: 'Salvar política' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Deve ter no máximo 20000 caracteres.')
    expect(screen.getByLabelText('Texto da política de privacidade')).toHaveAttribute('aria-invalid', 'true')
  })
})
