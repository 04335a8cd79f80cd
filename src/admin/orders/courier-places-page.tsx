import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { CourierPlaceBody, CourierPlaceRow } from '../../contract/couriers'
import { t } from '../../i18n'
import { courierKeys, courierPlacesQuery, couriersApi, couriersQuery } from '../couriers-api'
import { formErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { CourierPlaceForm, draftOf, emptyPlace, type PlaceDraft } from './courier-place-form'
import './couriers.css'
import './orders.css'

/**
 * `/admin/orders/courier-places` (owners and managers): our areas as Pathao names them. An area kept here is
 * booked with its Pathao city, zone and area; any other is matched by name, or left to Pathao to read from
 * the address.
 */
export function CourierPlacesPage({ staff }: SectionPageProps) {
  const allowed = may(staff, 'couriers.places')
  const couriers = useQuery(couriersQuery)
  const pathao = couriers.data?.find((courier) => courier.name === 'pathao')
  return (
    <div className="admin-page courier-places">
      <Link {...adminLink('orders')} className="order-detail__back">
        {t('admin-orders.back')}
      </Link>
      <h1>{t('admin-couriers.places-title')}</h1>
      <p>{t('admin-couriers.places-intro')}</p>
      {!allowed ? (
        <p role="alert">{t('admin-couriers.places-not-allowed')}</p>
      ) : !couriers.data ? (
        <Loading />
      ) : pathao?.configured ? (
        <PlacesEditor />
      ) : (
        <p>{t('admin-couriers.pathao-not-set-up')}</p>
      )}
    </div>
  )
}

function PlacesEditor() {
  const queryClient = useQueryClient()
  const places = useQuery(courierPlacesQuery)
  const [draft, setDraft] = useState<PlaceDraft>(emptyPlace)
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const formStart = useRef<HTMLHeadingElement>(null)

  const save = useMutation({
    mutationFn: (body: CourierPlaceBody) => couriersApi.savePlace(body),
    meta: { silent: true },
    onMutate: () => {
      setProblem(null)
      setStatus(null)
    },
    onSuccess: (list, body) => {
      queryClient.setQueryData(courierKeys.places(), list)
      setStatus(body.pathao ? t('admin-couriers.place-saved') : t('admin-couriers.place-removed'))
      if (body.pathao) setDraft(emptyPlace)
    },
    onError: (failure) => {
      const { fields, form } = formErrors(failure, [])
      setProblem(form ?? Object.values(fields)[0] ?? null)
    },
  })

  const change = (row: CourierPlaceRow) => {
    setDraft(draftOf(row))
    formStart.current?.focus()
  }
  const remove = (row: CourierPlaceRow) =>
    save.mutate({ division: row.division, district: row.district, area: row.area, pathao: null })

  return (
    <div className="admin-stack">
      <h2 ref={formStart} tabIndex={-1}>
        {t('admin-couriers.place-form-title')}
      </h2>
      <CourierPlaceForm
        draft={draft}
        onChange={setDraft}
        busy={save.isPending}
        onSave={(body) => save.mutate(body)}
      />
      <FormAlert message={problem} />
      <LiveStatus message={save.isPending ? t('admin-couriers.saving') : status} />
      <h2>{t('admin-couriers.places-kept')}</h2>
      {places.error ? (
        <LoadProblem error={places.error} onRetry={() => void places.refetch()} />
      ) : !places.data ? (
        <Loading />
      ) : places.data.length === 0 ? (
        <p>{t('admin-couriers.places-none')}</p>
      ) : (
        <ul className="courier-places__list">
          {places.data.map((row) => (
            <li
              key={`${row.division}/${row.district}/${row.area}`}
              className="admin-card courier-places__row"
            >
              <p>
                <strong>{[row.area, row.district, row.division].join(', ')}</strong>
                <br />
                {t('admin-couriers.pathao-is', {
                  place: [row.areaName, row.zoneName, row.cityName].filter(Boolean).join(', '),
                })}
              </p>
              <div className="admin-actions">
                <button type="button" className="button button--ghost" onClick={() => change(row)}>
                  {t('admin-couriers.change-place', { area: row.area })}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={save.isPending}
                  onClick={() => remove(row)}
                >
                  {t('admin-couriers.remove-place', { area: row.area })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
