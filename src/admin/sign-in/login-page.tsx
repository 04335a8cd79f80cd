import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { staffSessionQuery } from '../admin-api'
import { Redirect } from '../redirect'
import { CodeStep } from './code-step-form'
import { PasswordStep } from './password-step'
import { SignInFrame } from './sign-in-frame'
import { signIn } from './sign-in-state'

/** `/admin/login`: number and password, then the code; `next` is where the person was going. */
export function LoginPage({ next, languageSwitch }: { next: string; languageSwitch: ReactNode }) {
  const { step } = useSnapshot(signIn)
  const session = useQuery(staffSessionQuery)
  // already signed in (another tab, a reload): straight on
  if (session.data) return <Redirect href={next} />
  return (
    <SignInFrame
      title={step.step === 'password' ? t('admin.sign-in-title') : t('admin.code-title')}
      languageSwitch={languageSwitch}
    >
      {step.step === 'password' ? (
        <PasswordStep notice={step.notice} phone={step.phone} />
      ) : (
        <CodeStep next={next} />
      )}
    </SignInFrame>
  )
}
