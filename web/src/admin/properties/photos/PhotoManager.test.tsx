import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TOKEN, adminServer, bearer, labelled, signedInAs, uploadServer, type FakeUpload } from '../../../test/admin'
import { json, makeAdminDetail } from '../../../test/fixtures'
import { renderApp } from '../../../test/renderApp'
import type { AdminProperty } from '../api'
import type { AdminPhoto } from './api'
import { DRAFT_FIRST, DRAFT_REFUSED, UPLOADING_LEAVE_MESSAGE } from './PhotoManager'
import { ORDER_FAILED, POLL_MS } from './usePhotos'

const ID = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const PHOTOS = `/api/admin/properties/${ID}/photos`
const NEW_TOKEN = 'vs_novaSessaoBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function property(): AdminProperty {
  return {
    ...makeAdminDetail({ id: ID, title: 'Apartamento no Centro' }),
    complement: null,
    created_by: null,
    updated_by: null,
  }
}

let photoCount = 0
function photo(overrides: Partial<AdminPhoto> = {}): AdminPhoto {
  photoCount += 1
  const id = overrides.id ?? `${String(photoCount).padStart(2, '0')}${'a'.repeat(30)}`
  return {
    id,
    source: 'upload',
    status: 'ready',
    error: null,
    url: `https://vitrine.test/media/${id}-1920.jpg`,
    thumbnail_url: `https://vitrine.test/media/${id}-480.jpg`,
    alt_text: '',
    display_order: 0,
    width: 1920,
    height: 1440,
    srcset: null,
    ...overrides,
  }
}

/** A file as the picker gives it. */
const image = (name: string, type = 'image/jpeg', bytes = 'conteúdo da foto') => new File([bytes], name, { type })

/** What a file holds (read with a FileReader, which every DOM has). */
function textOf(file: File | null): Promise<string | null> {
  if (!file) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error)
    reader.readAsText(file)
  })
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>

/**
 * The edit page of the property, with its photos as the server holds them
 * (`state.photos`, which a test changes as the server would) and XHR uploads.
 */
function photoServer(initial: AdminPhoto[], routes: Record<string, Handler> = {}) {
  const state = { photos: initial }
  const list = vi.fn((_url: URL, _init: RequestInit) => json(200, { photos: state.photos }))
  const server = adminServer({
    [`GET /api/admin/properties/${ID}`]: () => json(200, property()),
    [`GET ${PHOTOS}`]: list,
    ...routes,
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  const uploads = uploadServer(server.tokens)
  return { state, list, server, uploads }
}

const bodyOf = (mock: ReturnType<typeof vi.fn>, call = 0) =>
  JSON.parse((mock.mock.calls[call] as [URL, RequestInit])[1].body as string)

/** The photos listed, as their descriptions, in order. */
function descriptions(): string[] {
  const list = screen.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  return within(list)
    .getAllByLabelText(/^Descrição da foto \d+$/)
    .map((el) => (el as HTMLInputElement).value)
}

function photoItem(n: number): HTMLElement {
  const list = screen.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  return within(list).getAllByRole('listitem')[n - 1]
}

/** The upload row of a file (its progress bar or its error). */
function uploadRow(name: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Envios de fotos' })
  const row = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))
  if (!row) throw new Error(`no upload row for ${name}`)
  return row
}

async function answer(request: FakeUpload, status: number, body?: unknown) {
  await act(async () => request.respond(status, body))
}

async function openPage() {
  renderApp(`/admin/imoveis/${ID}`)
  return screen.findByLabelText('Adicionar fotos')
}

describe('photo manager', () => {
  it('uploads several files two at a time, each with its own progress bar, then lists them', async () => {
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    const cover = photo({ alt_text: 'Fachada' })
    const { state, uploads } = photoServer([cover])
    const user = userEvent.setup({ delay: null })
    const picker = await openPage()
    expect(await screen.findByRole('img', { name: 'Miniatura da foto 1' })).toHaveAttribute('src', cover.thumbnail_url)
    expect(within(photoItem(1)).getByText('Capa')).toBeInTheDocument()
    expect(picker).toHaveAttribute('type', 'file')
    expect(picker).toHaveAttribute('multiple')
    expect(picker.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/heic']),
    )

    await user.upload(picker, [image('sala.jpg'), image('cozinha.png', 'image/png'), image('quarto.webp', 'image/webp')])
    for (const name of ['sala.jpg', 'cozinha.png', 'quarto.webp']) {
      expect(screen.getByRole('progressbar', { name: `Envio de ${name}` })).toBeInTheDocument()
    }
    // Two files go at once; the third waits its turn.
    await waitFor(() => expect(uploads.sent).toHaveLength(2))
    const [first, second] = uploads.sent
    for (const [request, name] of [
      [first, 'sala.jpg'],
      [second, 'cozinha.png'],
    ] as const) {
      expect(request.method).toBe('POST')
      expect(request.url).toBe(PHOTOS)
      expect(request.headers.Authorization).toBe(`Bearer ${SESSION_TOKEN}`)
      expect(request.file?.name).toBe(name)
      expect(await textOf(request.file)).toBe('conteúdo da foto')
    }
    expect(within(uploadRow('quarto.webp')).getByText('Na fila')).toBeInTheDocument()

    act(() => first.progress(40, 100))
    const bar = screen.getByRole('progressbar', { name: 'Envio de sala.jpg' }) as HTMLProgressElement
    expect(bar.value).toBe(40)
    expect(bar.max).toBe(100)
    expect(within(uploadRow('sala.jpg')).getByText('40%')).toBeInTheDocument()

    // Leaving now would stop the uploads: the page asks first.
    await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
    expect(confirm).toHaveBeenCalledWith(UPLOADING_LEAVE_MESSAGE)
    expect(window.location.pathname).toBe(`/admin/imoveis/${ID}`)

    const sala = photo({ status: 'processing', url: null, thumbnail_url: null, width: null, height: null })
    state.photos = [cover, sala]
    await answer(first, 201, sala)
    expect(screen.queryByRole('progressbar', { name: 'Envio de sala.jpg' })).toBeNull()
    expect(within(photoItem(2)).getByText('Processando…')).toBeInTheDocument()
    await waitFor(() => expect(uploads.sent).toHaveLength(3))
    expect(uploads.sent[2].file?.name).toBe('quarto.webp')

    const cozinha = photo({ status: 'processing', url: null, thumbnail_url: null })
    const quarto = photo({ status: 'ready' }) // the same file was already processed
    state.photos = [cover, sala, cozinha, quarto]
    await answer(second, 201, cozinha)
    await answer(uploads.sent[2], 201, quarto)
    expect(screen.queryByRole('list', { name: 'Envios de fotos' })).toBeNull()
    expect(screen.getByRole('heading', { name: '4 fotos' })).toBeInTheDocument()
    expect(within(photoItem(3)).getByText('Processando…')).toBeInTheDocument()
    expect(within(photoItem(4)).getByRole('img', { name: 'Miniatura da foto 4' })).toHaveAttribute('src', quarto.thumbnail_url)
    expect(uploads.sent).toHaveLength(3)

    // Nothing is being sent any more: leaving does not ask.
    confirm.mockClear()
    await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
    expect(confirm).not.toHaveBeenCalled()
  })

  it("shows the server's reason next to each file it refuses, until dismissed", async () => {
    const { uploads } = photoServer([])
    const user = userEvent.setup({ delay: null })
    const picker = await openPage()
    expect(await screen.findByText('Nenhuma foto ainda.')).toBeInTheDocument()

    await user.upload(picker, [image('IMG_0001.HEIC', 'image/heic'), image('panorama.jpg')])
    await waitFor(() => expect(uploads.sent).toHaveLength(2))
    const heic =
      'Fotos HEIC (o padrão do iPhone) ainda não são aceitas. No iPhone, em Ajustes > Câmera > Formatos, escolha “Mais compatível”, ou envie a foto como JPEG.'
    await answer(uploads.sent[0], 415, { error: heic })
    await answer(uploads.sent[1], 413, { error: 'A foto tem mais de 20 MB. Reduza o tamanho e envie de novo.' })
    expect(within(uploadRow('IMG_0001.HEIC')).getByRole('alert')).toHaveTextContent(heic)
    expect(within(uploadRow('panorama.jpg')).getByRole('alert')).toHaveTextContent('A foto tem mais de 20 MB.')

    await user.upload(picker, image('cortada.jpg'))
    await waitFor(() => expect(uploads.sent).toHaveLength(3))
    await answer(uploads.sent[2], 422, {
      error: 'Dados inválidos',
      details: { file: ['O arquivo está incompleto ou corrompido.'] },
    })
    expect(within(uploadRow('cortada.jpg')).getByRole('alert')).toHaveTextContent('O arquivo está incompleto ou corrompido.')

    // A refusal is final (no "Tentar de novo"); a dropped connection may be tried again.
    expect(within(uploadRow('cortada.jpg')).queryByRole('button', { name: /Tentar de novo/ })).toBeNull()
    await user.upload(picker, image('quintal.jpg'))
    await waitFor(() => expect(uploads.sent).toHaveLength(4))
    await act(async () => uploads.sent[3].fail())
    expect(within(uploadRow('quintal.jpg')).getByRole('alert')).toHaveTextContent('Verifique a conexão')
    await user.click(screen.getByRole('button', { name: 'Tentar de novo quintal.jpg' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(5))
    expect(uploads.sent[4].file?.name).toBe('quintal.jpg')
    expect(screen.getByRole('progressbar', { name: 'Envio de quintal.jpg' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Dispensar o aviso de IMG_0001.HEIC' }))
    expect(screen.queryByText(heic)).toBeNull()
    expect(within(uploadRow('panorama.jpg')).getByRole('alert')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma foto ainda.')).toBeInTheDocument()
  })

  it('asks to sign in again when the session expired during an upload, then sends the file again', async () => {
    const { server, uploads, state } = photoServer([], {
      'POST /api/admin/session': () => {
        server.tokens.add(NEW_TOKEN)
        return json(201, signedInAs(NEW_TOKEN))
      },
    })
    const user = userEvent.setup({ delay: null })
    const picker = await openPage()
    await screen.findByText('Nenhuma foto ainda.')
    server.tokens.delete(SESSION_TOKEN) // the session expires

    await user.upload(picker, image('varanda.jpg'))
    const dialog = await screen.findByRole('dialog', { name: 'Entre novamente' })
    expect(uploads.all).toHaveLength(1)
    expect(uploads.all[0].headers.Authorization).toBe(`Bearer ${SESSION_TOKEN}`)
    expect(uploads.sent).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Senha'), 'senha-certa-123')
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
    const again = uploads.sent[0]
    expect(again.headers.Authorization).toBe(`Bearer ${NEW_TOKEN}`)
    expect(again.url).toBe(PHOTOS)
    expect(again.file?.name).toBe('varanda.jpg')

    const varanda = photo({ alt_text: '' })
    state.photos = [varanda]
    await answer(again, 201, varanda)
    expect(await screen.findByRole('img', { name: 'Miniatura da foto 1' })).toHaveAttribute('src', varanda.thumbnail_url)
    expect(screen.queryByRole('list', { name: 'Envios de fotos' })).toBeNull()
  })

  it('reads the list again while photos are processing, shows them ready, and stops', async () => {
    // The clock is the test's: each read of the list is made to come, none is waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const ready = photo({ alt_text: 'Sala' })
    const processing = photo({ status: 'processing', url: null, thumbnail_url: null, width: null, height: null })
    const { state, list } = photoServer([ready, processing])
    renderApp(`/admin/imoveis/${ID}`)
    await screen.findByRole('img', { name: 'Miniatura da foto 1' })
    expect(within(photoItem(2)).getByText('Processando…')).toBeInTheDocument()
    expect(within(photoItem(2)).queryByRole('img')).toBeNull()

    // Still processing at the next read.
    let reads = list.mock.calls.length
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS))
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(reads))
    expect(within(photoItem(2)).getByText('Processando…')).toBeInTheDocument()

    const done = {
      ...processing,
      status: 'ready' as const,
      url: `https://vitrine.test/media/${processing.id}-1920.jpg`,
      thumbnail_url: `https://vitrine.test/media/${processing.id}-480.jpg`,
    }
    state.photos = [ready, done]
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS))
    expect(await within(photoItem(2)).findByRole('img', { name: 'Miniatura da foto 2' })).toHaveAttribute('src', done.thumbnail_url)
    expect(within(photoItem(2)).getByText('Pronta')).toBeInTheDocument()
    expect(within(photoItem(2)).queryByText('Processando…')).toBeNull()
    // A photo ready from the start says nothing.
    expect(within(photoItem(1)).queryByText('Pronta')).toBeNull()

    // Nothing left processing: no more reads.
    reads = list.mock.calls.length
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 5))
    expect(list).toHaveBeenCalledTimes(reads)
  })

  it('stops reading the list when the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const failed = photo({ status: 'failed', error: 'Não foi possível ler esta imagem.', url: null, thumbnail_url: null })
    const { list } = photoServer([photo({ status: 'processing', url: null, thumbnail_url: null }), failed], {
      'GET /api/admin/properties': () => json(200, { items: [], total: 0, page: 1, per_page: 20, next_cursor: null }),
    })
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    renderApp(`/admin/imoveis/${ID}`)
    expect(await screen.findAllByText('Processando…')).toHaveLength(1)
    // A photo whose processing failed shows why.
    expect(within(photoItem(2)).getByText('Não foi possível ler esta imagem.')).toBeInTheDocument()
    let reads = list.mock.calls.length
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS))
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(reads))

    await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
    expect(window.location.pathname).toBe('/admin')
    reads = list.mock.calls.length
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 5))
    expect(list).toHaveBeenCalledTimes(reads)
  })

  it('shows the file just sent while it is processing', async () => {
    const createObjectURL = vi.fn(() => 'blob:vitrine/previa-1')
    const revokeObjectURL = vi.fn()
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }))
    const { uploads } = photoServer([])
    const user = userEvent.setup({ delay: null })
    const picker = await openPage()
    await screen.findByText('Nenhuma foto ainda.')
    const file = image('suite.jpg')
    await user.upload(picker, file)
    await waitFor(() => expect(uploads.sent).toHaveLength(1))
    await answer(uploads.sent[0], 201, photo({ status: 'processing', url: null, thumbnail_url: null }))
    expect(within(photoItem(1)).getByRole('img', { name: 'Miniatura da foto 1' })).toHaveAttribute('src', 'blob:vitrine/previa-1')
    expect(within(photoItem(1)).getByText('Processando…')).toBeInTheDocument()
    expect(createObjectURL).toHaveBeenCalledWith(uploads.sent[0].file ?? file)
  })

  it('moves photos with the buttons at once, and undoes a move the server refuses', async () => {
    const a = photo({ alt_text: 'Fachada' })
    const b = photo({ alt_text: 'Sala' })
    const c = photo({ alt_text: 'Cozinha' })
    let release: (r: Response) => void = () => {}
    const order = vi.fn(
      (_url: URL, init: RequestInit): Promise<Response> =>
        new Promise((resolve) => {
          release = resolve
          void init
        }),
    )
    photoServer([a, b, c], { [`PUT ${PHOTOS}`]: order })
    const user = userEvent.setup({ delay: null })
    await openPage()
    await screen.findByRole('img', { name: 'Miniatura da foto 3' })
    expect(descriptions()).toEqual(['Fachada', 'Sala', 'Cozinha'])
    expect(screen.getByRole('button', { name: 'Subir a foto 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Descer a foto 3' })).toBeDisabled()

    // The second photo becomes the cover at once, before the server answers.
    await user.click(screen.getByRole('button', { name: 'Subir a foto 2' }))
    expect(descriptions()).toEqual(['Sala', 'Fachada', 'Cozinha'])
    expect(within(photoItem(1)).getByText('Capa')).toBeInTheDocument()
    expect(within(photoItem(2)).queryByText('Capa')).toBeNull()
    // Its "Subir" is now disabled: the focus stays on the photo, on "Descer".
    expect(screen.getByRole('button', { name: 'Descer a foto 1' })).toHaveFocus()
    await waitFor(() => expect(order).toHaveBeenCalledTimes(1))
    expect(bearer(order.mock.calls[0][1])).toBe(true)
    expect(bodyOf(order)).toEqual({ ids: [b.id, a.id, c.id] })
    await act(async () => release(json(200, { photos: [b, a, c] })))
    expect(descriptions()).toEqual(['Sala', 'Fachada', 'Cozinha'])

    // A refused move goes back, with a message.
    await user.click(screen.getByRole('button', { name: 'Descer a foto 2' }))
    expect(descriptions()).toEqual(['Sala', 'Cozinha', 'Fachada'])
    await waitFor(() => expect(order).toHaveBeenCalledTimes(2))
    expect(bodyOf(order, 1)).toEqual({ ids: [b.id, c.id, a.id] })
    await act(async () => release(json(500, { error: 'Erro interno' })))
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_FAILED)
    expect(descriptions()).toEqual(['Sala', 'Fachada', 'Cozinha'])
  })

  it('reorders by dragging a photo onto another', async () => {
    const a = photo({ alt_text: 'Fachada' })
    const b = photo({ alt_text: 'Sala' })
    const c = photo({ alt_text: 'Cozinha' })
    const order = vi.fn((_url: URL, init: RequestInit) => {
      const { ids } = JSON.parse(init.body as string) as { ids: string[] }
      const byId = new Map([a, b, c].map((p) => [p.id, p]))
      return json(200, { photos: ids.map((id) => byId.get(id)) })
    })
    photoServer([a, b, c], { [`PUT ${PHOTOS}`]: order })
    await openPage()
    await screen.findByRole('img', { name: 'Miniatura da foto 3' })

    const data = new Map<string, string>()
    const dataTransfer = {
      types: [] as string[],
      setData: (type: string, value: string) => {
        data.set(type, value)
        dataTransfer.types = [...data.keys()]
      },
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
      files: [] as File[],
    }
    const handle = photoItem(3).querySelector('[draggable="true"]') as HTMLElement
    fireEvent.dragStart(handle, { dataTransfer })
    fireEvent.dragOver(photoItem(1), { dataTransfer })
    fireEvent.drop(photoItem(1), { dataTransfer })
    expect(descriptions()).toEqual(['Cozinha', 'Fachada', 'Sala'])
    await waitFor(() => expect(order).toHaveBeenCalledTimes(1))
    expect(bodyOf(order)).toEqual({ ids: [c.id, a.id, b.id] })
  })

  it('uploads files dropped on the drop zone', async () => {
    const { uploads } = photoServer([])
    await openPage()
    await screen.findByText('Nenhuma foto ainda.')
    const zone = screen.getByText('Arraste as fotos para cá ou').parentElement as HTMLElement
    const files = [image('area.jpg'), image('garagem.jpg')]
    const dataTransfer = { types: ['Files'], files, dropEffect: 'none' }
    fireEvent.dragEnter(zone, { dataTransfer })
    fireEvent.dragOver(zone, { dataTransfer })
    fireEvent.drop(zone, { dataTransfer })
    expect(screen.getByRole('progressbar', { name: 'Envio de area.jpg' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Envio de garagem.jpg' })).toBeInTheDocument()
    await waitFor(() => expect(uploads.sent).toHaveLength(2))
    expect(uploads.sent.map((r) => r.file?.name)).toEqual(['area.jpg', 'garagem.jpg'])
  })

  it('saves a description when the field is left or with Enter, and shows what the server refuses', async () => {
    const a = photo({ alt_text: 'Sala' })
    const b = photo({ alt_text: '' })
    const patch = vi.fn((url: URL, init: RequestInit) => {
      const { alt_text } = JSON.parse(init.body as string) as { alt_text: string }
      if (alt_text.length > 300) {
        return json(422, { error: 'Dados inválidos', details: { alt_text: ['Deve ter no máximo 300 caracteres.'] } })
      }
      const id = url.pathname.split('/').pop()
      return json(200, { ...(id === a.id ? a : b), alt_text })
    })
    const put = vi.fn(() => json(200, property()))
    photoServer([a, b], {
      [`PATCH ${PHOTOS}/${a.id}`]: patch,
      [`PATCH ${PHOTOS}/${b.id}`]: patch,
      [`PUT /api/admin/properties/${ID}`]: put,
    })
    const user = userEvent.setup({ delay: null })
    await openPage()
    const first = await screen.findByLabelText('Descrição da foto 1')
    expect(first).toHaveValue('Sala')

    await user.clear(first)
    await user.type(first, 'Sala com varanda')
    await user.tab()
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1))
    expect(patch.mock.calls[0][0].pathname).toBe(`${PHOTOS}/${a.id}`)
    expect(bearer(patch.mock.calls[0][1])).toBe(true)
    expect(bodyOf(patch)).toEqual({ alt_text: 'Sala com varanda' })
    expect(await within(photoItem(1)).findByText('Salvo')).toBeInTheDocument()

    // Leaving it again unchanged sends nothing.
    await user.click(first)
    await user.tab()
    expect(patch).toHaveBeenCalledTimes(1)

    // Enter saves the description, not the property.
    const second = screen.getByLabelText('Descrição da foto 2')
    await user.type(second, 'Cozinha americana{Enter}')
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2))
    expect(bodyOf(patch, 1)).toEqual({ alt_text: 'Cozinha americana' })
    expect(await within(photoItem(2)).findByText('Salvo')).toBeInTheDocument()
    expect(put).not.toHaveBeenCalled()

    await user.clear(second)
    await user.click(second)
    await user.paste('x'.repeat(301))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'))
    expect(second).toHaveAccessibleDescription(expect.stringContaining('Deve ter no máximo 300 caracteres.'))
    expect(within(photoItem(2)).queryByText('Salvo')).toBeNull()
    expect(second).toHaveValue('x'.repeat(301))
  })

  it('removes a photo after confirming', async () => {
    const a = photo({ alt_text: 'Fachada' })
    const b = photo({ alt_text: 'Sala' })
    const remove = vi.fn((_url: URL, _init: RequestInit) => new Response(null, { status: 204 }))
    photoServer([a, b], { [`DELETE ${PHOTOS}/${b.id}`]: remove })
    const user = userEvent.setup({ delay: null })
    await openPage()
    await screen.findByRole('img', { name: 'Miniatura da foto 2' })

    await user.click(screen.getByRole('button', { name: 'Remover a foto 2' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Remover esta foto?' })
    expect(dialog).toHaveTextContent('A foto 2 (“Sala”) sai do anúncio agora.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(remove).not.toHaveBeenCalled()
    expect(descriptions()).toEqual(['Fachada', 'Sala'])

    await user.click(screen.getByRole('button', { name: 'Remover a foto 2' }))
    dialog = screen.getByRole('alertdialog', { name: 'Remover esta foto?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remover foto' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(remove).toHaveBeenCalledTimes(1)
    expect(bearer(remove.mock.calls[0][1])).toBe(true)
    expect(descriptions()).toEqual(['Fachada'])
    expect(screen.getByRole('heading', { name: '1 foto' })).toBeInTheDocument()
  })

  it('adds a photo by its address', async () => {
    const added = photo({ source: 'url', url: 'https://fotos.example.com/vista.jpg', thumbnail_url: 'https://fotos.example.com/vista.jpg', alt_text: 'Vista do mar', width: null, height: null })
    const post = vi.fn((_url: URL, init: RequestInit) => {
      const { url } = JSON.parse(init.body as string) as { url: string }
      return url.startsWith('https://')
        ? json(201, added)
        : json(422, { error: 'Dados inválidos', details: { url: ['Informe um endereço http(s) completo.'] } })
    })
    photoServer([], { [`POST ${PHOTOS}`]: post })
    const user = userEvent.setup({ delay: null })
    await openPage()
    await screen.findByText('Nenhuma foto ainda.')

    const url = screen.getByLabelText('Endereço da foto')
    await user.type(url, 'fotos.example.com/vista.jpg')
    await user.type(screen.getByLabelText('Descrição (opcional)'), 'Vista do mar')
    await user.click(screen.getByRole('button', { name: 'Adicionar endereço' }))
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'))
    expect(url).toHaveAccessibleDescription('Informe um endereço http(s) completo.')

    await user.clear(url)
    await user.type(url, 'https://fotos.example.com/vista.jpg{Enter}')
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    expect(bearer(post.mock.calls[1][1])).toBe(true)
    expect(bodyOf(post, 1)).toEqual({ url: 'https://fotos.example.com/vista.jpg', alt_text: 'Vista do mar' })
    expect(await screen.findByRole('img', { name: 'Miniatura da foto 1' })).toHaveAttribute('src', added.thumbnail_url)
    expect(within(photoItem(1)).getByText('Endereço externo')).toBeInTheDocument()
    expect(url).toHaveValue('')
  })

  describe('on a new property', () => {
    const NEW_ID = '0b8e2f52-4d5c-4b4e-9a3f-1f2e3d4c5b6a'
    const NEW_PHOTOS = `/api/admin/properties/${NEW_ID}/photos`

    /** The server of a new property: POST makes it (or `post` answers), then its page and photos are there. */
    function newServer(post?: Handler) {
      let stored: AdminProperty | null = null
      const create = vi.fn(
        post ??
          ((_url: URL, init: RequestInit) => {
            stored = { ...property(), ...JSON.parse(init.body as string), id: NEW_ID }
            return json(201, stored)
          }),
      )
      const update = vi.fn((_url: URL, init: RequestInit) => {
        stored = { ...stored!, ...JSON.parse(init.body as string) }
        return json(200, stored)
      })
      const server = adminServer({
        'POST /api/admin/properties': create,
        [`GET /api/admin/properties/${NEW_ID}`]: () => json(200, stored),
        [`PUT /api/admin/properties/${NEW_ID}`]: update,
        [`GET ${NEW_PHOTOS}`]: () => json(200, { photos: [] }),
      })
      vi.stubGlobal('fetch', vi.fn(server.fetchMock))
      return { create, update, server, uploads: uploadServer(server.tokens) }
    }

    async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
      await screen.findByRole('heading', { level: 1, name: 'Novo imóvel' })
      await user.type(labelled('Título'), 'Casa nova com fotos')
      await user.type(labelled('Preço de venda (R$)'), '690.000')
      await user.type(labelled('Bairro'), 'Campeche')
      await user.type(labelled('Cidade'), 'Florianópolis')
      await user.selectOptions(labelled('UF'), 'SC')
      await user.type(labelled('Tipo do imóvel'), 'Casa')
    }

    it('saves it as a draft when its first photos are chosen, sends them to it, and stays on the form', async () => {
      const { create, update, uploads } = newServer()
      const user = userEvent.setup({ delay: null })
      renderApp('/admin/imoveis/novo')
      const depth = window.history.length
      await fillRequired(user)
      // Ticked now, published only by the save that follows: the draft is inactive whatever it says.
      await user.click(labelled('Ativo'))
      const section = screen.getByRole('group', { name: 'Fotos' })
      expect(within(section).getByText(DRAFT_FIRST)).toBeInTheDocument()

      await user.upload(within(section).getByLabelText('Adicionar fotos'), [image('fachada.jpg'), image('sala.jpg')])
      await waitFor(() => expect(uploads.sent).toHaveLength(2))
      expect(create).toHaveBeenCalledTimes(1)
      expect(bodyOf(create)).toMatchObject({
        title: 'Casa nova com fotos',
        price: '690000.00',
        is_active: false,
        neighborhood: { name: 'Campeche' },
        city: { name: 'Florianópolis', state: 'SC' },
        subtype: { name: 'Casa' },
      })
      expect(uploads.sent.map((r) => [r.url, r.file?.name])).toEqual([
        [NEW_PHOTOS, 'fachada.jpg'],
        [NEW_PHOTOS, 'sala.jpg'],
      ])
      // The draft's own address, in place of /novo; the same form, with what was typed.
      expect(window.location.pathname).toBe(`/admin/imoveis/${NEW_ID}`)
      expect(window.history.length).toBe(depth)
      expect(screen.getByRole('heading', { level: 1, name: 'Novo imóvel' })).toBeInTheDocument()
      expect(screen.getByText('Rascunho salvo (inativo). As fotos estão sendo enviadas.')).toBeInTheDocument()
      expect(labelled('Título')).toHaveValue('Casa nova com fotos')
      expect(labelled('Ativo')).toBeChecked()
      expect(screen.getByRole('progressbar', { name: 'Envio de fachada.jpg' })).toBeInTheDocument()

      const sent = photo({ status: 'processing', url: null, thumbnail_url: null, width: null, height: null })
      await answer(uploads.sent[0], 201, sent)
      expect(within(photoItem(1)).getByText('Processando…')).toBeInTheDocument()

      // "Salvar" now updates the draft: no second property, and "Ativo" is what it sends.
      await user.type(labelled('Código'), 'CA-0100')
      await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
      await waitFor(() => expect(update).toHaveBeenCalledTimes(1))
      expect(bodyOf(update)).toEqual({ code: 'CA-0100', is_active: true })
      expect(create).toHaveBeenCalledTimes(1)
      expect(await screen.findByText('Alterações salvas')).toBeInTheDocument()
    })

    it('shows why the draft was refused on its fields, and sends no photo', async () => {
      const { create, uploads } = newServer(() =>
        json(422, { error: 'Dados inválidos', details: { title: ['Já existe um imóvel com este título.'] } }),
      )
      const user = userEvent.setup({ delay: null })
      renderApp('/admin/imoveis/novo')
      await fillRequired(user)
      const section = screen.getByRole('group', { name: 'Fotos' })
      await user.upload(within(section).getByLabelText('Adicionar fotos'), [image('fachada.jpg')])

      const summary = await screen.findByRole('alert')
      expect(summary).toHaveTextContent('Dados inválidos. Corrija os campos abaixo.')
      expect(within(summary).getByRole('link', { name: 'Título: Já existe um imóvel com este título.' })).toBeInTheDocument()
      expect(labelled('Título')).toHaveAttribute('aria-invalid', 'true')
      expect(within(section).getByText(DRAFT_REFUSED)).toBeInTheDocument()
      expect(create).toHaveBeenCalledTimes(1)
      expect(uploads.all).toHaveLength(0)
      expect(window.location.pathname).toBe('/admin/imoveis/novo')
      expect(screen.getByRole('button', { name: 'Cadastrar imóvel' })).toBeInTheDocument()
    })

    it('checks the required fields in the browser first, and sends nothing', async () => {
      const { create, uploads } = newServer()
      const user = userEvent.setup({ delay: null })
      renderApp('/admin/imoveis/novo')
      await screen.findByRole('heading', { level: 1, name: 'Novo imóvel' })
      const section = screen.getByRole('group', { name: 'Fotos' })
      await user.upload(within(section).getByLabelText('Adicionar fotos'), [image('fachada.jpg')])
      const summary = await screen.findByRole('alert')
      expect(within(summary).getByRole('link', { name: 'Título: Campo obrigatório.' })).toBeInTheDocument()
      expect(within(section).getByText(DRAFT_REFUSED)).toBeInTheDocument()
      expect(create).not.toHaveBeenCalled()
      expect(uploads.all).toHaveLength(0)
    })

    it('is a stored property once left: its address opens it, and "novo" is a blank form again', async () => {
      const { uploads } = newServer()
      const user = userEvent.setup({ delay: null })
      renderApp('/admin/imoveis/novo')
      await fillRequired(user)
      await user.upload(within(screen.getByRole('group', { name: 'Fotos' })).getByLabelText('Adicionar fotos'), [image('a.jpg')])
      await waitFor(() => expect(uploads.sent).toHaveLength(1))
      await answer(uploads.sent[0], 201, photo())
      await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
      await user.click(await screen.findByRole('link', { name: /Novo imóvel/ }))
      await screen.findByRole('heading', { level: 1, name: 'Novo imóvel' })
      expect(labelled('Título')).toHaveValue('')
      expect(within(screen.getByRole('group', { name: 'Fotos' })).getByText(DRAFT_FIRST)).toBeInTheDocument()
      await act(async () => window.history.go(-2))
      await waitFor(() => expect(window.location.pathname).toBe(`/admin/imoveis/${NEW_ID}`))
      expect(await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })).toBeInTheDocument()
      expect(labelled('Título')).toHaveValue('Casa nova com fotos')
    })
  })

  it('fits a 390 px phone', () => {
    // The test run does not load style sheets (vite.config.ts, css: false): read it as text.
    const css = readFileSync(resolve(process.cwd(), 'src/admin/properties/photos/photos.css'), 'utf8')
    const outsideMedia = css.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
    expect(outsideMedia).toMatch(/\.photo-item \{[^}]*grid-template-columns: 112px minmax\(0, 1fr\);/)
    expect(outsideMedia).toMatch(/\.photo-item__actions \{[^}]*flex-wrap: wrap;/)
    expect(css).not.toMatch(/white-space:\s*nowrap|overflow-x|(?<!\()min-width:\s*[1-9]\d{2,}px/)
    const breakpoints = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((m) => Number(m[1]))
    expect(Math.min(...breakpoints)).toBeGreaterThan(390)
  })
})
