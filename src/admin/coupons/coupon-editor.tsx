import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { AdminCoupon } from '../../contract/admin-coupons'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { quiet } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { adminLink } from '../links'
import { Loading, LoadProblem } from '../shell/status-pages'
import { bodyOf, type CouponDraft, draftOf, newDraft } from './coupon-draft'
import { CouponFields } from './coupon-fields'
import { CouponStatusTag, usesText } from './coupon-parts'
import { couponKeys, couponQuery, couponsApi } from './coupons-api'

const FIELDS = [
  'code',
  'name',
  'description',
  'kind',
  'value',
  'minSubtotal',
  'maxDiscount',
  'startsAt',
  'endsAt',
  'usageLimit',
  'usageLimitPerCustomer',
]

/** A coupon's editor: loads it (or starts a new one) and hands the form its draft. */
export function CouponEditor({ code }: { code: string | null }) {
  const loaded = useQuery({ ...couponQuery(code ?? ''), enabled: code !== null })
  if (code === null) return <CouponForm coupon={null} />
  if (loaded.data) return <CouponForm key={loaded.data.version} coupon={loaded.data} />
  if (loaded.error) return <LoadProblem error={loaded.error} onRetry={() => void loaded.refetch()} />
  return <Loading />
}

/** what a new coupon's editor says once it has moved to the saved coupon's address */
let createdMessage: string | null = null

function CouponForm({ coupon }: { coupon: AdminCoupon | null }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<CouponDraft>(() => (coupon ? draftOf(coupon) : newDraft()))
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const [stale, setStale] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [status, setStatus] = useState<string | null>(() => {
    const message = createdMessage
    createdMessage = null
    return message
  })
  const change = (patch: Partial<CouponDraft>) => setDraft((current) => ({ ...current, ...patch }))

  const save = useMutation({
    mutationFn: (next: CouponDraft) => {
      const { code, ...body } = bodyOf(next)
      return coupon
        ? couponsApi.update(coupon.code, { ...body, version: coupon.version })
        : couponsApi.create({ code, ...body })
    },
    meta: quiet,
    onMutate: () => {
      setErrors(noErrors)
      setStatus(null)
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: couponKeys.all() })
      const message = t('admin-coupons.saved', { code: saved.code })
      if (coupon) {
        createdMessage = message
        queryClient.setQueryData(couponKeys.one(saved.code), saved)
      } else {
        createdMessage = t('admin-coupons.created', { code: saved.code })
        void navigate(adminLink(`coupons/${saved.code}`))
      }
    },
    onError: (error) => {
      // someone saved since: the server says who and when; what was typed stays, nothing was overwritten
      setStale(error instanceof ApiRequestError && error.status === 409 && Boolean(error.fields.version))
      setErrors(formErrors(error, FIELDS))
    },
  })
  const remove = useMutation({
    mutationFn: () => couponsApi.remove(coupon?.code ?? ''),
    meta: quiet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: couponKeys.all() })
      void navigate(adminLink('coupons'))
    },
    onError: (error) => {
      setDeleting(false)
      setErrors(formErrors(error, []))
    },
  })
  const reload = async () => {
    if (!coupon) return
    await queryClient.fetchQuery({ ...couponQuery(coupon.code), staleTime: 0 })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(draft)
  }
  return (
    <div className="admin-page coupon-editor">
      <p>
        <Link {...adminLink('coupons')}>{t('admin-coupons.back')}</Link>
      </p>
      <div className="coupon-head">
        <h1>{coupon ? coupon.code : t('admin-coupons.new')}</h1>
        {coupon && <CouponStatusTag status={coupon.status} />}
      </div>
      {coupon && (
        <p className="coupon-uses-line">
          {usesText(coupon)}{' '}
          <Link {...adminLink(`coupons/${coupon.code}/uses`)}>{t('admin-coupons.see-uses')}</Link>
        </p>
      )}
      <form className="coupon-form" onSubmit={submit} noValidate>
        <CouponFields draft={draft} change={change} errors={errors} isNew={!coupon} />
        <LiveStatus message={status} />
        <FormAlert message={errors.form ?? errors.fields.version ?? null} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {coupon ? t('admin-coupons.save') : t('admin-coupons.create')}
          </button>
          {stale && (
            <button type="button" className="button button--ghost" onClick={() => void reload()}>
              {t('admin-coupons.load-latest')}
            </button>
          )}
          {coupon?.active && (
            <button
              type="button"
              className="button button--ghost"
              disabled={save.isPending}
              onClick={() => save.mutate({ ...draftOf(coupon), active: false })}
            >
              {t('admin-coupons.disable')}
            </button>
          )}
          {coupon && coupon.usedCount === 0 && (
            <button type="button" className="button button--ghost" onClick={() => setDeleting(true)}>
              {t('admin-coupons.delete')}
            </button>
          )}
        </div>
      </form>
      {deleting && coupon && (
        <ConfirmDialog
          title={t('admin-coupons.delete-title', { code: coupon.code })}
          text={t('admin-coupons.delete-text')}
          confirmLabel={t('admin-coupons.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </div>
  )
}
