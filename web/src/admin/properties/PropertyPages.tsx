import { useEffect, useState } from 'react'
import { ApiError } from '../../lib/api'
import { Link, useRouter } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { useAdminSession, useCan } from '../session/AdminSession'
import { duplicateProperty, getProperty, type AdminProperty } from './api'
import { OwnerSection, seesOwner } from '../owner/OwnerSection'
import { byWhom } from '../dates'
import { PropertyForm } from './PropertyForm'
import { LoadError } from '../ui/LoadError'
import './properties.css'

/** The message the edit page shows once, after a creation opened it. */
const created = new Map<string, string>()

function BackLink() {
  return (
    <p className="prop-back">
      <Link to="/admin">← Voltar para a lista de imóveis</Link>
    </p>
  )
}

/**
 * /admin/imoveis/novo and /admin/imoveis/:id, as one page: a new property
 * saved as a draft to take its first photos (PropertyForm's saveDraft)
 * moves to its own address, and its form, with what is being typed and
 * the photos being sent, stays where it is.
 */
export function PropertyPage({ id }: { id: string | null }) {
  const [shown, setShown] = useState({ id, draft: null as string | null, form: 0 })
  if (shown.id !== id) {
    // Any other move (to another property, or to a new form) opens a fresh page.
    const toDraft = shown.id === null && id !== null && id === shown.draft
    setShown({ id, draft: toDraft ? shown.draft : null, form: toDraft ? shown.form : shown.form + 1 })
  }
  if (id === null || id === shown.draft) {
    return <NewPropertyPage key={shown.form} onDrafted={(draftId) => setShown((s) => ({ ...s, draft: draftId }))} />
  }
  return <EditPropertyPage key={`${shown.form}:${id}`} id={id} />
}

/** /admin/imoveis/novo: the form of a new property; once saved, its edit page opens. */
function NewPropertyPage({ onDrafted }: { onDrafted: (id: string) => void }) {
  const { navigate } = useRouter()
  return (
    <div className="prop-page">
      <BackLink />
      <h1 id="prop-form-heading" className="prop-page__title">
        Novo imóvel
      </h1>
      <p className="muted prop-page__meta">Os campos marcados com * são obrigatórios.</p>
      <PropertyForm
        stored={null}
        onCreated={(property) => {
          created.set(property.id, 'Imóvel cadastrado')
          navigate(`/admin/imoveis/${encodeURIComponent(property.id)}`, { force: true })
        }}
        onDrafted={(draft) => {
          onDrafted(draft.id)
          // Its address now, in place of /novo: a reload or a shared link opens the draft.
          navigate(`/admin/imoveis/${encodeURIComponent(draft.id)}`, { replace: true, force: true, keepScroll: true })
        }}
      />
    </div>
  )
}

/** /admin/imoveis/:id: the form of a stored property. */
function EditPropertyPage({ id }: { id: string }) {
  const { request } = useAdminSession()
  const resource = useResource(`admin-property:${id}`, (signal) => getProperty(request, id, signal))
  const [notice] = useState(() => created.get(id) ?? null)
  useEffect(() => {
    created.delete(id)
  }, [id])

  if (resource.status === 'loading') {
    return (
      <div className="prop-page">
        <BackLink />
        <p role="status">Carregando imóvel…</p>
      </div>
    )
  }
  if (resource.status === 'error') {
    const notFound = resource.error instanceof ApiError && resource.error.isNotFound
    return (
      <div className="prop-page">
        <BackLink />
        <LoadError onRetry={notFound ? undefined : resource.retry}>
          {notFound ? 'Imóvel não encontrado.' : 'Não foi possível carregar o imóvel.'}
        </LoadError>
      </div>
    )
  }
  return <EditView property={resource.data} notice={notice} />
}

function EditView({ property: loaded, notice }: { property: AdminProperty; notice: string | null }) {
  const [property, setProperty] = useState(loaded)
  const { me } = useAdminSession()
  const can = useCan()
  return (
    <div className="prop-page">
      <BackLink />
      <h1 id="prop-form-heading" className="prop-page__title">
        Editar imóvel <span className="prop-page__name">{property.title}</span>
      </h1>
      <p className="muted prop-page__meta">
        {property.code && <>Cód. {property.code} · </>}
        Criado {byWhom(property.created_by, property.created_at)} · Editado {byWhom(property.updated_by, property.updated_at)}
        {property.is_active ? (
          <>
            {' · '}
            <a href={`/imoveis/${property.slug}`} target="_blank" rel="noopener">
              Ver página no site
            </a>
          </>
        ) : (
          <>
            {' '}
            <span className="tag tag--danger">Inativo</span>
          </>
        )}
      </p>
      {can('properties.write') && <DuplicateButton id={property.id} />}
      <PropertyForm stored={loaded} notice={notice} onSaved={setProperty} />
      {seesOwner(me, property) && <OwnerSection property={property} />}
    </div>
  )
}

/**
 * "Duplicar imóvel": copies the listing into a new inactive draft (its
 * photos shared, the owner's record left behind) and opens the copy.
 */
function DuplicateButton({ id }: { id: string }) {
  const { request } = useAdminSession()
  const { navigate } = useRouter()
  const [state, setState] = useState<'idle' | 'working' | 'error'>('idle')
  const run = async () => {
    setState('working')
    try {
      const copy = await duplicateProperty(request, id)
      created.set(copy.id, 'Cópia criada como rascunho inativo. Revise o título, o endereço da página e o código antes de ativá-la.')
      navigate(`/admin/imoveis/${encodeURIComponent(copy.id)}`, { force: true })
    } catch {
      setState('error')
    }
  }
  return (
    <div className="prop-page__tools">
      <button type="button" className="button button--secondary button--small" disabled={state === 'working'} onClick={() => void run()}>
        {state === 'working' ? 'Duplicando…' : 'Duplicar imóvel'}
      </button>
      {state === 'error' && (
        <p role="alert" className="notice notice--error">
          Não foi possível duplicar o imóvel. Tente novamente.
        </p>
      )}
    </div>
  )
}
