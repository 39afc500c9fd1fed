import { Link } from '../../lib/router'

export const FORBIDDEN = 'Você não tem permissão para acessar esta página.'

/** A page the signed-in user's role may not open (the server would answer 403). */
export function Forbidden() {
  return (
    <section className="admin-card" aria-labelledby="forbidden-heading">
      <h1 id="forbidden-heading">Acesso negado</h1>
      <p>{FORBIDDEN}</p>
      <p className="muted">Se você precisa dela, peça a um administrador da imobiliária.</p>
      <Link to="/admin">Voltar para os imóveis</Link>
    </section>
  )
}
