import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from './ContactForm'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A fetch whose answer the test releases when it wants. */
function deferredFetch() {
  let release: (r: Response) => void = () => {}
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)))
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, release: (r: Response) => release(r) }
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
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    render(<ContactForm slug="apto-centro" />)
    await user.type(screen.getByLabelText('Nome'), 'A')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo')
    await user.type(screen.getByLabelText('Mensagem'), 'Oi')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))

    expect(fetchMock).not.toHaveBeenCalled()
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
    const { fetchMock, release } = deferredFetch()
    const user = userEvent.setup()
    render(<ContactForm slug="apto-centro" />)
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
    expect(fetchMock).toHaveBeenCalledTimes(1)

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/properties/apto-centro/contact')
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      phone: '(48) 99999-0000',
      message: 'Gostaria de agendar uma visita no sábado.',
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

  it('omits an empty phone', async () => {
    const fetchMock = vi.fn(async () => json(201, { id: 1, message: 'Mensagem enviada com sucesso!' }))
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    render(<ContactForm slug="casa" />)
    await user.type(screen.getByLabelText('Nome'), '  Ana  ')
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com')
    await user.type(screen.getByLabelText('Mensagem'), 'Quero visitar o imóvel.')
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    await screen.findByText('Mensagem enviada com sucesso!')
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana',
      email: 'ana@exemplo.com',
      message: 'Quero visitar o imóvel.',
    })
  })

  it('shows each field message from a 422 under its field and keeps the values', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          error: 'Dados inválidos',
          details: { email: ['E-mail inválido.'], message: ['Mensagem muito curta.', 'Mensagem suspeita.'] },
        }),
      ),
    )
    const user = userEvent.setup()
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { error: 'Muitas mensagens enviadas. Tente novamente mais tarde.' })),
    )
    const user = userEvent.setup()
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
    vi.stubGlobal('fetch', vi.fn(answer))
    const user = userEvent.setup()
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
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { error: 'Imóvel não encontrado' })))
    const user = userEvent.setup()
    render(<ContactForm slug="vendido" />)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Imóvel não encontrado')
  })
})
