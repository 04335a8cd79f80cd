import './catalogue.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type DragEvent, useState } from 'react'
import type { AdminCategory } from '../../contract/admin-catalogue'
import { figure, t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { quiet } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { catalogueApi, catalogueKeys, categoriesQuery } from './catalogue-api'
import { CategoryForm } from './category-form'
import { moveBy, moveTo } from './category-order'

/** Categories, one level of children: add, edit, reorder (drag or the move buttons), delete an unused one. */
export function CategoriesPage(_props: SectionPageProps) {
  const queryClient = useQueryClient()
  const list = useQuery(categoriesQuery)
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<AdminCategory | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [dragged, setDragged] = useState<number | null>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.categories() })
  const reorder = useMutation({
    mutationFn: ({ parentId, ids }: { parentId: number | null; ids: number[] }) =>
      catalogueApi.orderCategories(parentId, ids),
    meta: quiet,
    onSuccess: (rows) => {
      queryClient.setQueryData(catalogueKeys.categories(), rows)
      setStatus(t('admin-catalogue.order-saved'))
    },
    onError: (error) => setProblem(formErrors(error, []).form),
  })
  const remove = useMutation({
    mutationFn: (category: AdminCategory) => catalogueApi.deleteCategory(category.id),
    meta: quiet,
    onSuccess: (_answer, category) => setStatus(t('admin-catalogue.deleted', { name: category.name })),
    onError: (error, category) =>
      setProblem(
        error instanceof ApiRequestError && error.status === 409
          ? t('admin-catalogue.category-in-use', {
              name: category.name,
              products: figure(category.products),
              children: figure(category.children),
            })
          : formErrors(error, []).form,
      ),
    onSettled: () => {
      setDeleting(null)
      void refresh()
    },
  })

  const rows = list.data ?? []
  const tops = rows.filter((row) => row.parentId === null)
  const childrenOf = (id: number) => rows.filter((row) => row.parentId === id)
  const siblingsOf = (row: AdminCategory) => (row.parentId === null ? tops : childrenOf(row.parentId))
  const move = (row: AdminCategory, ids: number[]) => {
    setStatus(null)
    setProblem(null)
    reorder.mutate({ parentId: row.parentId, ids })
  }
  const drop = (event: DragEvent, target: AdminCategory) => {
    event.preventDefault()
    const source = rows.find((row) => row.id === dragged)
    setDragged(null)
    if (!source || source.id === target.id || source.parentId !== target.parentId) return
    const ids = siblingsOf(target).map((row) => row.id)
    move(source, moveTo(ids, source.id, ids.indexOf(target.id)))
  }

  const item = (row: AdminCategory) => {
    const ids = siblingsOf(row).map((sibling) => sibling.id)
    const at = ids.indexOf(row.id)
    return (
      <li
        key={row.id}
        className="catalogue-row"
        draggable={editing !== row.id}
        onDragStart={() => setDragged(row.id)}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => drop(event, row)}
      >
        {editing === row.id ? (
          <CategoryForm
            category={row}
            parents={tops}
            onDone={(saved) => {
              setEditing(null)
              setStatus(t('admin-catalogue.saved', { name: saved.name }))
            }}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <div className="catalogue-row__line">
            <div className="catalogue-row__text">
              <strong>{row.name}</strong>
              {row.nameBn && <span lang="bn"> · {row.nameBn}</span>}
              <span className="catalogue-row__meta">
                /{row.slug} · {t('admin-catalogue.product-count', { count: figure(row.products) })}
              </span>
            </div>
            <div className="admin-actions catalogue-row__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={at === 0 || reorder.isPending}
                aria-label={t('admin-catalogue.move-up', { name: row.name })}
                onClick={() => move(row, moveBy(ids, row.id, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={at === ids.length - 1 || reorder.isPending}
                aria-label={t('admin-catalogue.move-down', { name: row.name })}
                onClick={() => move(row, moveBy(ids, row.id, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('admin-catalogue.edit-named', { name: row.name })}
                onClick={() => setEditing(row.id)}
              >
                {t('admin-catalogue.edit')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('admin-catalogue.delete-named', { name: row.name })}
                onClick={() => setDeleting(row)}
              >
                {t('admin-catalogue.delete')}
              </button>
            </div>
          </div>
        )}
        {row.parentId === null && childrenOf(row.id).length > 0 && (
          <ul
            className="catalogue-list catalogue-list--children"
            aria-label={t('admin-catalogue.children-of', { name: row.name })}
          >
            {childrenOf(row.id).map(item)}
          </ul>
        )}
      </li>
    )
  }

  return (
    <div className="admin-page">
      <h1>{t('admin-catalogue.categories-title')}</h1>
      <section className="admin-panel" aria-labelledby="category-new">
        <h2 id="category-new">{t('admin-catalogue.new-category')}</h2>
        <CategoryForm
          category={null}
          parents={tops}
          onDone={(saved) => setStatus(t('admin-catalogue.saved', { name: saved.name }))}
        />
      </section>
      <section className="admin-panel" aria-labelledby="category-list">
        <h2 id="category-list">{t('admin-catalogue.categories-list')}</h2>
        <p className="auth-note">{t('admin-catalogue.reorder-hint')}</p>
        <LiveStatus message={status} />
        <FormAlert message={problem} />
        {list.data ? (
          <ul className="catalogue-list">{tops.map(item)}</ul>
        ) : list.error ? (
          <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('admin-catalogue.delete-title', { name: deleting.name })}
          text={t('admin-catalogue.delete-text')}
          confirmLabel={t('admin-catalogue.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => {
            setProblem(null)
            remove.mutate(deleting)
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
