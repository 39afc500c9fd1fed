import { useState } from 'react'
import { useAdminSession } from '../session/AdminSession'
import { getProperty, type AdminProperty, type PortalProblem } from './api'
import { CheckboxField } from './fields'
import { fieldLabel } from './formModel'

/**
 * The property's place on the portals (ZAP Imóveis, VivaReal, OLX): the
 * choice to publish it, and whether it meets the portals' rules as the
 * server last checked them (portal_problems). Photos are saved apart from
 * the form, so "Verificar novamente" reads the property again.
 */
export function PortalSection({ stored }: { stored: AdminProperty | null }) {
  return (
    <div className="prop-portals">
      <CheckboxField
        name="publish_to_portals"
        label="Publicar nos portais"
        hint="Envia o imóvel ao ZAP Imóveis, VivaReal e OLX pelo feed da agência, enquanto ele estiver ativo e cumprir as regras dos portais."
      />
      {stored ? (
        <Readiness key={stored.updated_at} stored={stored} />
      ) : (
        <p className="muted">Salve o imóvel para ver se ele está pronto para os portais.</p>
      )}
    </div>
  )
}

type Check = { kind: 'idle' | 'checking' } | { kind: 'error' }

function Readiness({ stored }: { stored: AdminProperty }) {
  const { request } = useAdminSession()
  const [problems, setProblems] = useState<PortalProblem[]>(stored.portal_problems)
  const [check, setCheck] = useState<Check>({ kind: 'idle' })

  const recheck = async () => {
    setCheck({ kind: 'checking' })
    try {
      const fresh = await getProperty(request, stored.id)
      setProblems(fresh.portal_problems)
      setCheck({ kind: 'idle' })
    } catch {
      setCheck({ kind: 'error' })
    }
  }

  return (
    <div className="prop-portals__status" aria-live="polite">
      {problems.length === 0 ? (
        <p className="notice notice--success">Pronto para os portais</p>
      ) : (
        <div className="notice notice--info">
          <p>Ainda não vai para os portais. Falta:</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                <strong>{fieldLabel(p.field)}:</strong> {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="prop-portals__actions">
        <button type="button" className="button button--secondary button--small" onClick={recheck} disabled={check.kind === 'checking'}>
          {check.kind === 'checking' ? 'Verificando…' : 'Verificar novamente'}
        </button>
        <span className="muted">Conforme o imóvel salvo; fotos contam assim que são enviadas.</span>
      </p>
      {check.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          Não foi possível verificar agora. Tente novamente.
        </p>
      )}
    </div>
  )
}
