import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FAVORITES_KEY, MAX_FAVORITES, reloadFavorites, removeFavorite, toggleFavorite, useFavorites } from './favorites'

describe('favourites in localStorage', () => {
  it('keeps slugs newest first under a versioned key', () => {
    const { result } = renderHook(() => useFavorites())
    act(() => toggleFavorite('casa-lagoa'))
    act(() => toggleFavorite('apartamento-centro'))
    expect(result.current).toEqual(['apartamento-centro', 'casa-lagoa'])
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual(['apartamento-centro', 'casa-lagoa'])
    act(() => toggleFavorite('casa-lagoa'))
    expect(result.current).toEqual(['apartamento-centro'])
    act(() => removeFavorite('apartamento-centro'))
    expect(result.current).toEqual([])
  })

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"slugs":["casa"]}'],
    ['a number', '42'],
  ])('reads corrupt storage (%s) as no favourites, and saves over it', (_, raw) => {
    localStorage.setItem(FAVORITES_KEY, raw)
    reloadFavorites()
    const { result } = renderHook(() => useFavorites())
    expect(result.current).toEqual([])
    act(() => toggleFavorite('casa-lagoa'))
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual(['casa-lagoa'])
  })

  it('keeps only slugs, once each, at most MAX_FAVORITES', () => {
    const many = Array.from({ length: MAX_FAVORITES + 5 }, (_, i) => `imovel-${i}`)
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(['Casa Lagoa', 7, null, '<script>', 'casa', 'casa', ...many]))
    reloadFavorites()
    const { result } = renderHook(() => useFavorites())
    expect(result.current[0]).toBe('casa')
    expect(result.current).toHaveLength(MAX_FAVORITES)
    expect(result.current.filter((s) => s === 'casa')).toHaveLength(1)
  })

  it('follows another tab through the storage event', () => {
    const { result } = renderHook(() => useFavorites())
    // Another tab writes, then the browser tells this one.
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(['casa-lagoa']))
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVORITES_KEY }))
    })
    expect(result.current).toEqual(['casa-lagoa'])
    localStorage.clear()
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }))
    })
    expect(result.current).toEqual([])
  })
})
