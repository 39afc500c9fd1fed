import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { BackupRun, Backups } from './api'
import { durationLabel, everyLabel, sizeLabel } from './words'

afterEach(() => vi.unstubAllGlobals())

const OK: BackupRun = {
  slot: '2026-11-27T00:00:00Z',
  status: 'ok',
  attempts: 1,
  started_at: '2026-11-27T03:00:00Z',
  finished_at: '2026-11-27T03:02:05Z',
  snapshot: '20261127t030000.000z',
  size_bytes: 734_003_200,
  copied_bytes: 12_400_000,
  error: null,
}
const FAILED: BackupRun = {
  ...OK,
  slot: '2026-11-28T00:00:00Z',
  status: 'failed',
  attempts: 3,
  started_at: '2026-11-28T03:30:00Z',
  finished_at: '2026-11-28T03:30:02Z',
  snapshot: null,
  size_bytes: 0,
  copied_bytes: 0,
  error: 'blob: put "media/x.jpg": no space left on device',
}

function backupsServer(backups: Backups) {
  const server = adminServer({
    'GET /api/admin/backups': () => json(200, backups),
    'GET /api/admin/mail': () => json(200, { configured: true, counts: { pending: 0, sent: 0, failed: 0, cancelled: 0 }, items: [] }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
}

describe('backups page', () => {
  it('shows the schedule, the latest backup that worked and the latest runs with their errors', async () => {
    backupsServer({
      scheduled: true,
      every: '24h0m0s',
      keep: 14,
      target: 'dir:/srv/copias',
      database: 'sqlite',
      last_success: OK,
      runs: [FAILED, OK],
    })
    renderApp('/admin/copias')

    const schedule = await screen.findByRole('region', { name: 'Programação' })
    expect(schedule).toHaveTextContent('O servidor faz uma cópia a cada 24 horas, guardada em dir:/srv/copias; as 14 mais recentes são mantidas.')
    expect(screen.getByRole('link', { name: 'Cópias' })).toHaveAttribute('aria-current', 'page')
    const last = screen.getByRole('region', { name: 'Última cópia concluída' })
    expect(last).toHaveTextContent('Tamanho:734 MB')
    expect(last).toHaveTextContent('Duração:2 min 5 s')
    const runs = within(screen.getByRole('list', { name: 'Últimas execuções' })).getAllByRole('listitem')
    expect(runs).toHaveLength(2)
    expect(runs[0]).toHaveTextContent('Falhou')
    expect(runs[0]).toHaveTextContent('Motivo: blob: put "media/x.jpg": no space left on device')
    expect(runs[0]).toHaveTextContent('Tentativas:3')
    expect(runs[1]).toHaveTextContent('Concluída')
  })

  it('says how to schedule backups when none are, and that PostgreSQL is copied apart', async () => {
    backupsServer({ scheduled: false, every: null, keep: null, target: null, database: 'postgres', last_success: null, runs: [] })
    renderApp('/admin/copias')
    const schedule = await screen.findByRole('region', { name: 'Programação' })
    expect(schedule).toHaveTextContent('não está fazendo cópias de segurança')
    expect(schedule).toHaveTextContent('--backup-to')
    expect(schedule).toHaveTextContent('pg_dump')
    expect(screen.getByText('Nenhuma cópia concluída até agora.')).toBeInTheDocument()
  })
})

describe('backup words', () => {
  it('words periods, sizes and durations', () => {
    expect(everyLabel('24h0m0s')).toBe('a cada 24 horas')
    expect(everyLabel('1h0m0s')).toBe('a cada hora')
    expect(everyLabel('1h30m0s')).toBe('a cada 1 h 30 min')
    expect(everyLabel('30m0s')).toBe('a cada 30 minutos')
    expect(sizeLabel(1_234_567)).toBe('1,2 MB')
    expect(sizeLabel(900)).toBe('0,9 kB')
    expect(durationLabel('2026-11-27T03:00:00Z', '2026-11-27T03:00:12Z')).toBe('12 s')
    expect(durationLabel('2026-11-27T03:00:00Z', '2026-11-27T03:03:00Z')).toBe('3 min')
  })
})
