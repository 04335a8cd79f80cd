import './catalogue.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type DragEvent, useState } from 'react'
import type { AdminCategory } from '../../contract/admin-catalogue'
import { figure, t } from '../../i18n'
import { quiet } from '../admin-api'
import { formErrors } from '../form-errors'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { catalogueApi, catalogueKeys, categoriesQuery } from './catalogue-api'
import { CataloguePage, CatalogueRowLine, useCatalogueCrud } from './catalogue-crud-page'
import { CategoryForm } from './category-form'
import { moveBy, moveTo } from './category-order'

/** Categories, one level of children: add, edit, reorder (drag or the move buttons), delete an unused one. */
export function CategoriesPage({ staff }: SectionPageProps) {
  const queryClient = useQueryClient()
  const list = useQuery(categoriesQuery)
  const crud = useCatalogueCrud({
    listKey: catalogueKeys.categories(),
    remove: (category: AdminCategory) => catalogueApi.deleteCategory(category.id),
    inUse: (category) =>
      t('admin-catalogue.category-in-use', {
        name: category.name,
        products: figure(category.products),
        children: figure(category.children),
      }),
  })
  const { editing, setEditing, setStatus, setProblem } = crud
  const [dragged, setDragged] = useState<number | null>(null)

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
            onDone={crud.closeSaved}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <CatalogueRowLine
            row={row}
            crud={crud}
            actions={
              <>
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
              </>
            }
          />
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
    <CataloguePage
      crud={crud}
      list={list}
      title={t('admin-catalogue.categories-title')}
      newId="category-new"
      newTitle={t('admin-catalogue.new-category')}
      newForm={
        <CategoryForm
          category={null}
          parents={tops}
          menuChoice={may(staff, 'content.write')}
          onDone={crud.announceSaved}
        />
      }
      listId="category-list"
      listTitle={t('admin-catalogue.categories-list')}
      listHint={t('admin-catalogue.reorder-hint')}
    >
      {() => <ul className="catalogue-list">{tops.map(item)}</ul>}
    </CataloguePage>
  )
}
