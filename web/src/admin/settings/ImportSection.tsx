import { useState } from 'react'
import { ApiError, GENERIC_ERROR } from '../../lib/api'
import { plural } from '../../lib/money'
import { fieldLabel } from '../properties/formModel'
import { useAdminSession } from '../session/AdminSession'
import { importVRSync, type ImportEnd, type ImportResult } from './api'

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'imported'

const ACTIONS: Record<ImportResult['action'], { checked: string; imported: string }> = {
  created: { checked: 'Seria criado', imported: 'Criado' },
  updated: { checked: 'Seria atualizado', imported: 'Atualizado' },
  unchanged: { checked: 'Sem mudanças', imported: 'Sem mudanças' },
  refused: { checked: 'Recusado', imported: 'Recusado' },
}

function totalsText(end: ImportEnd): string {
  const t = end.totals
  const photos = end.dry_run
    ? plural(t.photos_fetched, 'foto a baixar', 'fotos a baixar')
    : plural(t.photos_fetched, 'foto baixada', 'fotos baixadas')
  const outcomes = end.dry_run
    ? [
        plural(t.created, 'seria criado', 'seriam criados'),
        plural(t.updated, 'seria atualizado', 'seriam atualizados'),
        plural(t.unchanged, 'ficaria sem mudanças', 'ficariam sem mudanças'),
        plural(t.refused, 'seria recusado', 'seriam recusados'),
      ]
    : [
        plural(t.created, 'criado', 'criados'),
        plural(t.updated, 'atualizado', 'atualizados'),
        plural(t.unchanged, 'sem mudanças', 'sem mudanças'),
        plural(t.refused, 'recusado', 'recusados'),
      ]
  const listings = plural(t.listings, 'anúncio', 'anúncios')
  if (end.dry_run) return `${listings} no arquivo: ${outcomes.join(', ')}; ${photos}. Nada foi gravado.`
  return `${listings}: ${outcomes.join(', ')}; ${photos}.`
}

/**
 * Agência › Importar: an agency that comes from another system
 * brings its catalogue as a VRSync file. "Verificar" sends it as a dry run
 * and lists what each listing would do; "Importar" then applies it,
 * listing by listing as the server reports them.
 */
export function ImportSection() {
  const { request } = useAdminSession()
  const [file, setFile] = useState<File | null>(null)
  const [fetchPhotos, setFetchPhotos] = useState(true)
  const [phase, setPhase] = useState<Phase>('idle')
  const [results, setResults] = useState<ImportResult[]>([])
  const [end, setEnd] = useState<ImportEnd | null>(null)
  const [error, setError] = useState<string | null>(null)

  const run = async (dryRun: boolean) => {
    if (!file) return
    setPhase(dryRun ? 'checking' : 'importing')
    setResults([])
    setEnd(null)
    setError(null)
    try {
      const last = await importVRSync(request, file, {
        dryRun,
        photos: fetchPhotos ? 'fetch' : 'link',
        onResult: (r) => setResults((rs) => [...rs, r]),
      })
      setEnd(last)
      setPhase(dryRun ? 'checked' : 'imported')
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : GENERIC_ERROR)
      setPhase('idle')
    }
  }

  const busy = phase === 'checking' || phase === 'importing'
  const done = phase === 'imported'
  return (
    <section className="admin-card settings__import" aria-labelledby="import-heading">
      <h2 id="import-heading">Importar imóveis de um arquivo VRSync</h2>
      <p className="muted">
        Traga os imóveis de outro sistema no formato dos portais (VRSync, o XML do ZAP Imóveis e do VivaReal). Cada anúncio
        cria ou atualiza o imóvel com o mesmo código (ListingID). Verifique primeiro: nada é gravado até você importar.
      </p>
      <label className="settings__feed-label" htmlFor="import-file">
        Arquivo VRSync (XML, até 100 MB)
      </label>
      <input
        id="import-file"
        type="file"
        accept=".xml,application/xml,text/xml"
        disabled={busy}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null)
          setPhase('idle')
          setResults([])
          setEnd(null)
          setError(null)
        }}
      />
      <label className="settings__check">
        <input type="checkbox" checked={fetchPhotos} disabled={busy} onChange={(e) => setFetchPhotos(e.target.checked)} />{' '}
        Baixar as fotos e hospedá-las aqui (desmarcado: as fotos ficam nos endereços do arquivo)
      </label>
      <div className="settings__actions">
        <button type="button" className="button button--secondary" disabled={!file || busy} onClick={() => run(true)}>
          {phase === 'checking' ? 'Verificando…' : 'Verificar'}
        </button>
        <button
          type="button"
          className="button"
          disabled={!file || busy || phase !== 'checked' || (end?.totals.created ?? 0) + (end?.totals.updated ?? 0) === 0}
          onClick={() => run(false)}
        >
          {phase === 'importing' ? 'Importando…' : 'Importar'}
        </button>
      </div>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <p role="status" className={busy || end ? 'muted' : 'visually-hidden'}>
        {busy && `${phase === 'checking' ? 'Verificando' : 'Importando'}… ${plural(results.length, 'anúncio', 'anúncios')} até agora.`}
        {!busy && end && totalsText(end)}
        {!busy && end?.error && ` ${end.error}`}
      </p>
      {results.length > 0 && (
        <table className="settings__import-results">
          <caption className="visually-hidden">{done ? 'Resultado da importação' : 'Resultado da verificação'}</caption>
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Resultado</th>
              <th scope="col">Detalhes</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.listing_id}>
                <th scope="row">{r.listing_id}</th>
                <td>{done || phase === 'importing' ? ACTIONS[r.action].imported : ACTIONS[r.action].checked}</td>
                <td>
                  {r.changes.length > 0 && r.action === 'updated' && (
                    <p>Muda: {r.changes.map((c) => fieldLabel(c)).join(', ')}.</p>
                  )}
                  {r.problems.map((p, i) => (
                    <p key={`p${i}`} className="settings__import-problem">
                      {p.field}: {p.message}
                    </p>
                  ))}
                  {r.warnings.map((w, i) => (
                    <p key={`w${i}`} className="muted">
                      Aviso — {w.field}: {w.message}
                    </p>
                  ))}
                  {r.photos_fetched > 0 && (
                    <p className="muted">
                      {done || phase === 'importing'
                        ? `${plural(r.photos_fetched, 'foto baixada', 'fotos baixadas')}.`
                        : `${plural(r.photos_fetched, 'foto a baixar', 'fotos a baixar')}.`}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
