/** "Atualizar": reads a page's data again (a list the server changes on its own). */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  return (
    <div>
      <button type="button" className="button button--ghost" onClick={onRefresh}>
        Atualizar
      </button>
    </div>
  )
}
