import './content.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { MENU_NAMES, type MenuEdit, type MenuName } from '../../contract/admin-content'
import { figure, t } from '../../i18n'
import { quiet } from '../admin-api'
import { type FormErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus, SelectField } from '../form-parts'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { contentApi, contentKeys, menuEditQuery, saveErrors } from './content-api'
import { MenuAddItem } from './menu-add-item'
import { placeLabel, placeOf, placeValue } from './menu-move-to'
import { MenuRowCard } from './menu-row-card'
import {
  canIndent,
  canOutdent,
  type MenuPlace,
  type MenuRow,
  menuOfRows,
  moveRow,
  moveToPlace,
  nestPlace,
  placesFor,
  rowKey,
  rowsOfMenu,
  setDepth,
} from './menu-rows'

const menuLabel = (name: MenuName) =>
  name === 'main_menu' ? t('admin-content.main-menu') : t('admin-content.footer-menu')

/** The menus page: choose a menu, then add, name, order, nest and remove its items, and save. */
export function MenusPage(_props: SectionPageProps) {
  const [name, setName] = useState<MenuName>('main_menu')
  const menu = useQuery(menuEditQuery(name))
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-menus')}</h1>
      <SelectField
        label={t('admin-content.which-menu')}
        value={name}
        onChange={(event) => setName(event.target.value as MenuName)}
      >
        {MENU_NAMES.map((value) => (
          <option key={value} value={value}>
            {menuLabel(value)}
          </option>
        ))}
      </SelectField>
      {menu.data ? (
        // a new editor for each menu: what it holds starts from what was loaded
        <MenuEditor key={name} name={name} loaded={menu.data} />
      ) : menu.error ? (
        <LoadProblem error={menu.error} onRetry={() => void menu.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  )
}

type EditorProps = { name: MenuName; loaded: MenuEdit }

export function MenuEditor({ name, loaded }: EditorProps) {
  const queryClient = useQueryClient()
  const [version, setVersion] = useState(loaded.version)
  const [rows, setRows] = useState<MenuRow[]>(() => rowsOfMenu(loaded.menu))
  const [announcement, setAnnouncement] = useState<string | null>(null)
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [dragged, setDragged] = useState<number | null>(null)
  const save = useMutation({
    mutationFn: () => contentApi.saveMenu(name, version, menuOfRows(rows)),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onSuccess: (saved) => {
      setVersion(saved.version)
      queryClient.setQueryData(contentKeys.menu(name), saved)
      setAnnouncement(t('admin-content.menu-saved'))
    },
    onError: (error) => setErrors(saveErrors(error, [])),
  })

  const move = (from: number, to: number) => {
    const row = rows[from]
    if (!row || to < 0 || to >= rows.length) return
    setRows(moveRow(rows, from, to))
    setAnnouncement(
      t('admin-content.moved', {
        name: row.name || row.url,
        position: figure(to + 1),
        count: figure(rows.length),
      }),
    )
  }
  const moveTo = (index: number, place: MenuPlace) => {
    const row = rows[index]
    if (!row) return
    setRows(moveToPlace(rows, index, place))
    setAnnouncement(
      t('admin-content.moved-to', { name: row.name || row.url, place: placeLabel(rows, place) }),
    )
  }
  const drop = (from: number, target: number, into: boolean) => {
    setDragged(null)
    const place = into ? nestPlace(rows, from, target) : null
    if (place) moveTo(from, place)
    else move(from, target)
  }
  const patch = (index: number, change: Partial<MenuRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)))

  return (
    <section className="admin-panel" aria-labelledby="menu-items">
      <h2 id="menu-items">{menuLabel(name)}</h2>
      <p>{t('admin-content.menu-help')}</p>
      <LiveStatus message={announcement} />
      {rows.length === 0 ? (
        <p>{t('admin-content.menu-empty')}</p>
      ) : (
        <ol className="content-rows">
          {rows.map((row, index) => (
            <MenuRowCard
              key={row.key}
              row={row}
              index={index}
              count={rows.length}
              canIndent={canIndent(rows, index)}
              canOutdent={canOutdent(rows, index)}
              onChange={(change) => patch(index, change)}
              onMove={(to) => move(index, to)}
              places={placesFor(rows, index).map((place) => ({
                value: placeValue(place),
                label: placeLabel(rows, place),
              }))}
              onMoveTo={(value) => moveTo(index, placeOf(value))}
              nestable={dragged !== null && nestPlace(rows, dragged, index) !== null}
              onDragStart={() => setDragged(index)}
              onDragEnd={() => setDragged(null)}
              onDropAt={(from, into) => drop(from, index, into)}
              onDepth={(depth) => {
                setRows(setDepth(rows, index, depth))
                const name = row.name || row.url
                setAnnouncement(
                  depth === 1
                    ? t('admin-content.indented', { name })
                    : t('admin-content.outdented', { name }),
                )
              }}
              onRemove={() => {
                setRows(rows.filter((_, at) => at !== index))
                setAnnouncement(t('admin-content.removed', { name: row.name || row.url }))
              }}
            />
          ))}
        </ol>
      )}
      <h3>{t('admin-content.add-title')}</h3>
      <MenuAddItem
        onAdd={(row) => {
          setRows([...rows, { ...row, key: rowKey() }])
          setAnnouncement(t('admin-content.added', { name: row.name }))
        }}
      />
      <FormAlert message={errors.form} />
      <div className="admin-actions admin-actions--end">
        <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate()}>
          {t('admin-content.save-menu')}
        </button>
      </div>
    </section>
  )
}
