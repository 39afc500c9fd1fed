import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

/** GET /api/admin/backups: the schedule of backups, the latest success and the latest runs. */
export type Backups = Schemas['Backups']
export type BackupRun = Schemas['BackupRun']

export function getBackups(request: AdminRequest, signal?: AbortSignal): Promise<Backups> {
  return request('/api/admin/backups', { signal })
}
