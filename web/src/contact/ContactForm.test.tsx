import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContactForm, propertyGreeting } from './ContactForm'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

const NOTICE = {
  version: '0a1b2c3d4e5f6a7b',
  text: [
    'Quem recebe seus dados: Imobiliária Lagoa (CRECI/SC 1234-J).',
    'Para quê: responder ao seu contato sobre este imóvel.',
    'Por quanto tempo: por 24 meses.',
    'Para acessar, corrigir ou excluir seus dados, escreva para privacidade@lagoa.example.',
  ].join('\n'),
  consent_label: 'Aceito receber novidades e ofertas de imóveis por e-mail, telefone ou WhatsApp',
  policy_url: '/privacidade',
}

/**
 * Stubs the server: the privacy notice (unless `notice` says otherwise)
 * and the contact submission, answered by `answer`. `sent` are the
 * submissions, as [url, init].
 */
function serve(answer: () => Promise<Response>, notice: () => Promise<Response> = async () => json(200, NOTICE)) {
  const sent: Array<[string, RequestInit]> = []
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    if (url === '/api/v1/privacy-notice') return notice()
    sent.push([url, init])
    return answer()
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, sent }
}

/** A submission whose answer the test releases when it wants. */
function deferredFetch() {
  let release: (r: Response) => void = () => {}
  const { sent } = serve(() => new Promise<Response>((resolve) => (release = resolve)))
  return { sent, release: (r: Response) => release(r) }
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nome'), 'Ana Souza')
  await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br')
  await user.type(screen.getByLabelText('Telefone (opcional)'), '(48) 99999-0000')
  await user.type(screen.getByLabelText('Mensagem'), 'Gostaria de agendar uma visita no sábado.')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ContactForm', () => {
  it('has the four labelled fields and the send button', () => {
    render(<ContactForm slug="apto-centro" />)
    expect(screen.getByLabelText('Nome')).toBeRequired()
    expect(screen.getByLabelText('E-mail')).toBeRequired()
    expect(screen.getByLabelText('Telefone (opcional)')).not.toBeRequired()
    expect(screen.getByLabelText('Mensagem')).toBeRequired()
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled()
  })

  it('checks the limits in the browser before sending', async () => {
    const { sent } = serve(() => Promise.reject(new Error('sent')))
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await user.type(screen.getByLabelText('Nome'), 'A')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo')
    await user.type(screen.getByLabelText('Mensagem'), 'Oi')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))

    expect(sent).toHaveLength(0)
    const name = screen.getByLabelText('Nome')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('O nome deve ter pelo menos 2 caracteres.')
    expect(name).toHaveFocus()
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Informe um e-mail válido, como nome@exemplo.com.br.',
    )
    expect(screen.getByLabelText('Mensagem')).toHaveAccessibleDescription(
      expect.stringContaining('A mensagem deve ter pelo menos 10 caracteres.'),
    )
    expect(screen.getByLabelText('Telefone (opcional)')).not.toHaveAttribute('aria-invalid')

    // Fixing a field clears its message.
    await user.type(name, 'na')
    expect(name).not.toHaveAttribute('aria-invalid')
  })

  it('locks the form while sending, then shows the success message and clears it', async () => {
    const { sent, release } = deferredFetch()
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await screen.findByText('Por quanto tempo: por 24 meses.')
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))

    // The submission is held by deferredFetch until release() below.
    const button = screen.getByRole('button', { name: 'Enviando…' })
    expect(button).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('Enviando sua mensagem…')
    expect(screen.getByLabelText('Nome')).toBeDisabled()
    expect(screen.getByLabelText('Mensagem')).toBeDisabled()
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(sent).toHaveLength(1)

    const [url, init] = sent[0]
    expect(url).toBe('/api/v1/properties/apto-centro/contact')
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      phone: '(48) 99999-0000',
      message: 'Gostaria de agendar uma visita no sábado.',
      notice_version: NOTICE.version,
      marketing_consent: false,
    })

    release(json(201, { id: 7, message: 'Mensagem enviada com sucesso!' }))
    // The status region exists while sending too: wait for its final text, not for the element.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Mensagem enviada com sucesso!'))
    expect(screen.getByLabelText('Nome')).toHaveValue('')
    expect(screen.getByLabelText('E-mail')).toHaveValue('')
    expect(screen.getByLabelText('Telefone (opcional)')).toHaveValue('')
    expect(screen.getByLabelText('Mensagem')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled()
  })

  it("starts with a greeting naming the property, which is sent as it is or edited, and comes back after a send", async () => {
    const { sent } = serve(async () => json(201, { id: 1, message: 'Mensagem enviada com sucesso!' }))
    const greeting = propertyGreeting('Casa na Lagoa', 'CA-0007')
    expect(greeting).toBe('Olá! Tenho interesse no imóvel Casa na Lagoa (cód. CA-0007) e gostaria de mais informações.')
    expect(propertyGreeting('Casa na Lagoa', null)).toBe('Olá! Tenho interesse no imóvel Casa na Lagoa e gostaria de mais informações.')
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="casa-na-lagoa" greeting={greeting} />)
    const message = screen.getByLabelText('Mensagem')
    expect(message).toHaveValue(greeting)
    expect(message).not.toHaveAttribute('placeholder')

    await user.type(screen.getByLabelText('Nome'), 'Ana')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await screen.findByText('Mensagem enviada com sucesso!')
    expect(JSON.parse(sent[0][1].body as string)).toMatchObject({ message: greeting })
    expect(message).toHaveValue(greeting)

    await user.type(message, ' Aceita financiamento?')
    await user.type(screen.getByLabelText('Nome'), 'Ana')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(JSON.parse(sent[1][1].body as string)).toMatchObject({ message: `${greeting} Aceita financiamento?` })
  })

  it('omits an empty phone', async () => {
    const { sent } = serve(async () => json(201, { id: 1, message: 'Mensagem enviada com sucesso!' }))
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="casa" />)
    await user.type(screen.getByLabelText('Nome'), '  Ana  ')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com')
    await user.type(screen.getByLabelText('Mensagem'), 'Quero visitar o imóvel.')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await screen.findByText('Mensagem enviada com sucesso!')
    const init = sent[0][1]
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: 'Ana',
      email: 'ana@exemplo.com',
      message: 'Quero visitar o imóvel.',
    })
    expect(JSON.parse(init.body as string)).not.toHaveProperty('phone')
  })

  it('shows each field message from a 422 under its field and keeps the values', async () => {
    serve(async () =>
      json(422, {
        error: 'Dados inválidos',
        details: { email: ['E-mail inválido.'], message: ['Mensagem muito curta.', 'Mensagem suspeita.'] },
      }),
    )
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))

    const email = screen.getByLabelText('E-mail')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription('E-mail inválido.')
    const message = screen.getByLabelText('Mensagem')
    expect(message).toHaveAttribute('aria-invalid', 'true')
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Mensagem muito curta. Mensagem suspeita.'))
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('alert')).toHaveTextContent('Dados inválidos')
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza')
    expect(message).toHaveValue('Gostaria de agendar uma visita no sábado.')
    await waitFor(() => expect(email).toHaveFocus())
  })

  it("shows the server's text on 429", async () => {
    serve(async () => json(429, { error: 'Muitas mensagens enviadas. Tente novamente mais tarde.' }))
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas mensagens enviadas. Tente novamente mais tarde.')
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza')
  })

  it.each([
    ['a 500', () => Promise.resolve(new Response('<html>Internal Server Error</html>', { status: 500 }))],
    ['a 503 with JSON', () => Promise.resolve(json(503, { error: 'indisponível' }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps every typed value after %s', async (_label, answer) => {
    serve(answer)
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar sua mensagem. Tente novamente.',
    )
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza')
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br')
    expect(screen.getByLabelText('Telefone (opcional)')).toHaveValue('(48) 99999-0000')
    expect(screen.getByLabelText('Mensagem')).toHaveValue('Gostaria de agendar uma visita no sábado.')
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled()
  })

  it('shows "Imóvel não encontrado" when the property is gone', async () => {
    serve(async () => json(404, { error: 'Imóvel não encontrado' }))
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="vendido" />)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Imóvel não encontrado')
  })

  it('shows who collects, why, for how long and where to ask, with the link to the privacy policy', async () => {
    serve(() => Promise.reject(new Error('not sent')))
    render(<ContactForm slug="apto-centro" />)
    await screen.findByText('Quem recebe seus dados: Imobiliária Lagoa (CRECI/SC 1234-J).')
    const privacy = screen.getByRole('region', { name: 'Aviso de privacidade' })
    for (const line of NOTICE.text.split('\n')) expect(privacy).toHaveTextContent(line)
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')
  })

  it('offers the marketing consent unticked, apart from the enquiry, and sends the choice with the notice shown', async () => {
    const { sent } = serve(async () => json(201, { id: 3, message: 'Mensagem enviada com sucesso!' }))
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    const consent = await screen.findByRole('checkbox', { name: `${NOTICE.consent_label} (opcional)` })
    expect(consent).not.toBeChecked()
    expect(consent).not.toBeRequired()
    await fillValid(user)
    await user.click(consent)
    expect(consent).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await screen.findByText('Mensagem enviada com sucesso!')
    expect(JSON.parse(sent[0][1].body as string)).toMatchObject({ notice_version: NOTICE.version, marketing_consent: true })
    // A new message asks again.
    expect(screen.getByRole('checkbox', { name: `${NOTICE.consent_label} (opcional)` })).not.toBeChecked()
  })

  it('sends the spec\'s body, without a consent to ask, when the notice cannot be read', async () => {
    const { sent } = serve(
      async () => json(201, { id: 4, message: 'Mensagem enviada com sucesso!' }),
      async () => json(503, { error: 'indisponível' }),
    )
    const user = userEvent.setup({ delay: null })
    render(<ContactForm slug="apto-centro" />)
    await screen.findByText('Usamos seus dados apenas para responder a este contato.')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await screen.findByText('Mensagem enviada com sucesso!')
    expect(Object.keys(JSON.parse(sent[0][1].body as string)).sort()).toEqual(['email', 'message', 'name', 'phone'])
  })
})
