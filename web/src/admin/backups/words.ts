import type { BackupRun } from './api'

/** The back office's words for the backups: Brazilian Portuguese. */
export const STATUS_LABEL: Record<BackupRun['status'], string> = {
  running: 'Em andamento',
  ok: 'Concluída',
  failed: 'Falhou',
}

export const STATUS_TAG: Record<BackupRun['status'], string> = {
  running: 'tag',
  ok: 'tag tag--ok',
  failed: 'tag tag--danger',
}

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** 1234567 → "1,2 MB"; under a megabyte in kB. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1e6) return `${number.format(bytes / 1e3)} kB`
  if (bytes < 1e9) return `${number.format(bytes / 1e6)} MB`
  return `${number.format(bytes / 1e9)} GB`
}

/** A Go duration as the API gives it ("24h0m0s", "1h30m0s", "30m0s") → "a cada 24 horas", "a cada 1 h 30 min". */
export function everyLabel(every: string): string {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:[\d.]+s)?$/.exec(every)
  const hours = Number(m?.[1] ?? 0)
  const minutes = Number(m?.[2] ?? 0)
  if (!m || hours + minutes === 0) return `a cada ${every}`
  if (minutes === 0) return hours === 1 ? 'a cada hora' : `a cada ${hours} horas`
  if (hours === 0) return `a cada ${minutes} minutos`
  return `a cada ${hours} h ${minutes} min`
}

/** How long a run took, from its start and end: "12 s", "3 min 5 s". */
export function durationLabel(startedAt: string, finishedAt: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`
}
