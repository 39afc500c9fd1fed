import { getEmbedUrl } from './embed'
import './video.css'

export const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'
const ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture'

interface VideoPlayerProps {
  url: string
  className?: string
}

/** Plays a presentation video: an embedded YouTube/Vimeo player or a video file. */
export function VideoPlayer({ url, className }: VideoPlayerProps) {
  const { type, embedUrl } = getEmbedUrl(url)
  if (type === 'unknown' || !embedUrl) return null

  const wrapperClass = ['video-frame', className].filter(Boolean).join(' ')
  if (type === 'direct') {
    return (
      <div className={wrapperClass} data-video-type={type}>
        <video src={embedUrl} controls preload="metadata" playsInline aria-label={VIDEO_TITLE}>
          Seu navegador não reproduz este vídeo.
        </video>
      </div>
    )
  }
  return (
    <div className={wrapperClass} data-video-type={type}>
      <iframe
        src={embedUrl}
        title={VIDEO_TITLE}
        allow={ALLOW}
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  )
}
