import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { StaffMember } from '../../contract/staff'
import { t } from '../../i18n'
import { adminKeys, quiet, staffListQuery } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { type FormErrors, formErrors } from '../form-errors'
import { LiveStatus } from '../form-parts'
import { Loading, LoadProblem } from '../shell/status-pages'
import { InviteForm } from './invite-form'
import { confirmation, doneMessage, runStaffAction, type StaffAction } from './staff-actions'
import { StaffCard } from './staff-card'

/** The owner's staff page: invite someone, and change, block or sign out those who are there. */
export function StaffPage({ me }: { me: StaffMember }) {
  const queryClient = useQueryClient()
  const list = useQuery(staffListQuery)
  const [pending, setPending] = useState<StaffAction | null>(null)
  const [errors, setErrors] = useState<Record<number, FormErrors>>({})
  const [done, setDone] = useState<string | null>(null)
  const act = useMutation({
    mutationFn: runStaffAction,
    meta: quiet,
    onMutate: (action) => {
      setDone(null)
      setErrors(({ [action.member.id]: _, ...others }) => others)
    },
    onSuccess: (_answer, action) => setDone(doneMessage(action)),
    onError: (error, action) =>
      setErrors((all) => ({ ...all, [action.member.id]: formErrors(error, ['role', 'status']) })),
    onSettled: () => {
      setPending(null)
      void queryClient.invalidateQueries({ queryKey: adminKeys.staff() })
    },
  })
  const words = pending ? confirmation(pending) : null

  return (
    <div className="admin-page">
      <h1>{t('admin.nav-staff')}</h1>
      <section className="admin-panel" aria-labelledby="staff-invite">
        <h2 id="staff-invite">{t('admin.invite-title')}</h2>
        <InviteForm />
      </section>
      <section className="admin-panel" aria-labelledby="staff-list">
        <h2 id="staff-list">{t('admin.staff-list')}</h2>
        <LiveStatus message={done} />
        {list.data ? (
          <ul className="admin-staff-list">
            {list.data.map((member) => (
              <StaffCard
                key={member.id}
                member={member}
                self={member.id === me.id}
                errors={errors[member.id]}
                onAction={setPending}
              />
            ))}
          </ul>
        ) : list.error ? (
          <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
      {pending && words && (
        <ConfirmDialog
          title={words.title}
          text={words.text}
          confirmLabel={words.button}
          danger={words.danger}
          busy={act.isPending}
          onConfirm={() => act.mutate(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  )
}
