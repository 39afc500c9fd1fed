import { useState } from 'react'
import { reportShare, shareUrl, whatsappShareLink } from '../lib/share'

type Copy = { state: 'idle' } | { state: 'copied' } | { state: 'manual'; url: string }

/**
 * "Compartilhar": the phone's share sheet where the browser offers the
 * Web Share API, a WhatsApp share and "Copiar link" everywhere; plain
 * links and browser APIs, no third-party script.
 */
export function ShareButtons({ slug, title }: { slug: string; title: string }) {
  const origin = window.location.origin
  const [copy, setCopy] = useState<Copy>({ state: 'idle' })
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  const shareNative = async () => {
    try {
      await navigator.share({ title, text: title, url: shareUrl(origin, slug, 'nativo') })
      reportShare(slug, 'nativo')
    } catch {
      // Closed without sharing (AbortError), or refused: nothing was shared.
    }
  }

  const copyLink = async () => {
    const url = shareUrl(origin, slug, 'link')
    try {
      await navigator.clipboard.writeText(url)
      setCopy({ state: 'copied' })
    } catch {
      // No clipboard (an old browser, or an insecure page): the link is shown to copy by hand.
      setCopy({ state: 'manual', url })
    }
    reportShare(slug, 'link')
  }

  return (
    <div className="share" role="group" aria-label="Compartilhar">
      {canShare && (
        <button type="button" className="button button--secondary share__button" onClick={shareNative}>
          Compartilhar
        </button>
      )}
      <a
        className="button button--secondary share__button"
        href={whatsappShareLink(title, shareUrl(origin, slug, 'whatsapp'))}
        target="_blank"
        rel="noopener"
        onClick={() => reportShare(slug, 'whatsapp')}
      >
        Enviar por WhatsApp
      </a>
      <button type="button" className="button button--secondary share__button" onClick={copyLink}>
        Copiar link
      </button>
      <p className="share__status" role="status">
        {copy.state === 'copied' && 'Link copiado.'}
      </p>
      {copy.state === 'manual' && (
        <label className="share__manual">
          Copie o link:
          <input readOnly value={copy.url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </div>
  )
}
