import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import type { StaffMember } from '../contract/staff'
import { t } from '../i18n'
import { ForcedPasswordChange } from './account/account-page'
import { adminApi, forgetSession, onSessionEnd, staffSessionQuery } from './admin-api'
import { useAdminMessages } from './admin-messages'
import { loginLink, withSearch } from './links'
import { Redirect } from './redirect'
import { SECTION_PAGES } from './section-pages'
import { type AdminPlace, mayOpen, navigationFor, placeOf, type Section, safeNext } from './sections'
import { AdminShell } from './shell/admin-shell'
import { Loading, LoadProblem, NotAllowed, UnknownPage } from './shell/status-pages'
import { FirstOwnerPage } from './sign-in/first-owner-page'
import { LoginPage } from './sign-in/login-page'
import { SetupPage } from './sign-in/setup-page'
import { SignInFrame } from './sign-in/sign-in-frame'
import './admin.css'

type AdminAreaProps = {
  /** what follows `/admin/` in the address */
  path: string
  search: Record<string, unknown>
  /** the shop's language switch, handed in by the route */
  languageSwitch: ReactNode
}

/** The back office: the sign-in pages, or the signed-in shell around the section the address names. */
export function AdminArea({ path, search, languageSwitch }: AdminAreaProps) {
  const queryClient = useQueryClient()
  // a call answered 401: the session is over, whatever page asked
  useEffect(() => onSessionEnd(() => forgetSession(queryClient)), [queryClient])
  // the back office's texts in a language other than English are a chunk of their own
  if (!useAdminMessages()) return <Loading />
  const place = placeOf(path)
  if (place.kind === 'login')
    return <LoginPage next={safeNext(search.next)} languageSwitch={languageSwitch} />
  if (place.kind === 'setup') {
    // the link a start prints while the shop has no owner
    if (typeof search.owner === 'string')
      return <FirstOwnerPage token={search.owner} languageSwitch={languageSwitch} />
    const token = typeof search.token === 'string' ? search.token : ''
    return <SetupPage token={token} languageSwitch={languageSwitch} />
  }
  const here = withSearch(`/admin/${path}`, search)
  return <SignedIn place={place} here={here} search={search} languageSwitch={languageSwitch} />
}

type SignedInProps = {
  place: AdminPlace
  /** this page's address, to come back to after signing in */
  here: string
  search: Record<string, unknown>
  languageSwitch: ReactNode
}

function SignedIn({ place, here, search, languageSwitch }: SignedInProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const session = useQuery(staffSessionQuery)

  if (session.data === null) return <Redirect href={withSearch('/admin/login', { next: here })} />
  if (!session.data) {
    return (
      <SignInFrame title={t('admin.back-office')} languageSwitch={languageSwitch}>
        {session.error ? (
          <LoadProblem error={session.error} onRetry={() => void session.refetch()} />
        ) : (
          <Loading />
        )}
      </SignInFrame>
    )
  }

  const { staff } = session.data
  const signOut = () => {
    void adminApi
      .logout()
      .catch(() => undefined)
      .then(() => {
        forgetSession(queryClient)
        void navigate({ ...loginLink(), replace: true })
      })
  }
  const section = place.kind === 'section' ? place.section : null
  return (
    <AdminShell
      staff={staff}
      sections={staff.mustChangePassword ? [] : navigationFor(staff.role)}
      current={section}
      languageSwitch={languageSwitch}
      onSignOut={signOut}
    >
      {staff.mustChangePassword ? (
        <ForcedPasswordChange />
      ) : section ? (
        <SectionPage
          section={section}
          staff={staff}
          search={search}
          rest={place.kind === 'section' ? place.rest : ''}
        />
      ) : (
        <UnknownPage />
      )}
    </AdminShell>
  )
}

function SectionPage({
  section,
  staff,
  search,
  rest,
}: {
  section: Section
  staff: StaffMember
  search: Record<string, unknown>
  rest: string
}) {
  if (!mayOpen(staff.role, section)) return <NotAllowed />
  const Page = SECTION_PAGES[section.id]
  return <Page staff={staff} search={search} rest={rest} />
}
