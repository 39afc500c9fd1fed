import { getPrivacyPolicy } from '../lib/api'
import { usePageTitle } from '../lib/agency'
import { useResource } from '../lib/useResource'
import './privacy.css'

/** The start of the page's title, as the server writes it (seo.PrivacyTitle). */
export const PRIVACY_TITLE = 'Política de privacidade'

/** Paragraphs of a plain-text policy: separated by blank lines; a single line break stays one. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

/**
 * /privacidade: the agency's privacy policy, as its staff wrote it in the
 * back office, or the default text until they do. Plain text: no markup
 * from the server is ever rendered as HTML.
 */
export function PrivacyPage() {
  const policy = useResource('privacy-policy', (signal) => getPrivacyPolicy(signal))

  usePageTitle(PRIVACY_TITLE)

  return (
    <main id="conteudo" className="container privacy">
      <h1>{PRIVACY_TITLE}</h1>
      {policy.status === 'loading' && <p role="status">Carregando…</p>}
      {policy.status === 'error' && (
        <div role="alert" className="notice notice--error">
          <p>Não foi possível carregar a política de privacidade.</p>
          <button type="button" className="button button--secondary" onClick={policy.retry}>
            Tentar novamente
          </button>
        </div>
      )}
      {policy.status === 'ready' && (
        <article className="privacy__text">
          {paragraphs(policy.data.text).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {policy.data.updated_at && (
            <p className="muted privacy__updated">
              Atualizada em{' '}
              <time dateTime={policy.data.updated_at}>
                {new Date(policy.data.updated_at).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}
              </time>
              .
            </p>
          )}
        </article>
      )}
    </main>
  )
}
