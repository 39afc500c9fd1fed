import { useCallback, useEffect, useState } from 'react'
import { AdminPropertyList } from './AdminPropertyList'
import { SignIn } from './SignIn'
import { clearToken, readToken, saveToken } from './token'
import { VideoEditor } from './VideoEditor'
import './admin.css'

export const SESSION_EXPIRED = 'Sua sessão expirou ou o token não é mais válido. Entre novamente.'

export default function AdminApp({ propertyId }: { propertyId: string | null }) {
  const [token, setToken] = useState<string | null>(readToken)
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    document.title = 'Área do anunciante — Vitrine'
  }, [])

  const signOut = useCallback((message: string | null = null) => {
    clearToken()
    setToken(null)
    setNotice(message)
  }, [])
  const onUnauthorized = useCallback(() => signOut(SESSION_EXPIRED), [signOut])

  if (!token) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(t) => {
          saveToken(t)
          setNotice(null)
          setToken(t)
        }}
      />
    )
  }

  return (
    <main id="conteudo" className="container admin">
      <div className="admin__bar">
        <h1>Área do anunciante</h1>
        <button type="button" className="button button--ghost" onClick={() => signOut()}>
          Sair
        </button>
      </div>
      {propertyId ? (
        <VideoEditor key={propertyId} token={token} id={propertyId} onUnauthorized={onUnauthorized} />
      ) : (
        <AdminPropertyList token={token} onUnauthorized={onUnauthorized} />
      )}
    </main>
  )
}
