import { toggleFavorite, useFavorites } from './favorites'
import './favorites.css'

/** The heart that saves a listing in this browser's favourites (a toggle: aria-pressed). */
export function FavoriteButton({ slug, className = '' }: { slug: string; className?: string }) {
  const saved = useFavorites().includes(slug)
  return (
    <button
      type="button"
      className={`favorite-button ${className}`}
      aria-pressed={saved}
      aria-label={saved ? 'Remover dos favoritos' : 'Salvar nos favoritos'}
      title={saved ? 'Remover dos favoritos' : 'Salvar nos favoritos'}
      onClick={() => toggleFavorite(slug)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.7 4.2 13a5 5 0 0 1 7.1-7.1l.7.7.7-.7A5 5 0 0 1 19.8 13z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}
